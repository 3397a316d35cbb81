"""A stronger computer player: it bids by playing the round out many times in its head.

To bid, :class:`SimulatingPlayer` deals the cards it cannot see to the other
players at random (many times, consistent with what it can see), plays each
deal out with its own card-play policy for everyone, and picks the bid with
the best average score.  Because it imagines its own play with the very
policy it will really use, its bids fit its play.  When a Wizard is turned up
and it deals, it chooses the trump colour the same way.

To play a card it does the same on a smaller scale: each playable card is
tried in a few random deals of the unseen cards (keeping the colours other
players have shown they lack) and the round is played out; the card with the
best average score is played.  The play-outs use :func:`choose_card`, a careful
rule of thumb: win with the cheapest card that is *safe* (no card still unseen
can beat it), duck with the highest card that still loses, keep Jesters for
when a trick must be lost, and throw away the strongest card when a trick is
lost anyway.

Every decision depends only on the view and the player's seed (the random
deals come from a generator seeded with both), so asking twice gives the same
answer: that is what lets the coach (:mod:`wizard_edu.players.coach`) explain
exactly the move this player makes.

The inner loop works on small integers, not :class:`Card` objects, so a bid
takes a fraction of a second.  Only the plain Wizard decks are simulated
(Classic and Junior, any bidding variant); with Anniversary special cards or
Monochrome the player falls back to :class:`RuleOfThumbPlayer`.

>>> from wizard_edu.players.table import play_game
>>> play_game(["simulator", "rule-of-thumb", "rule-of-thumb"], rules="junior", seed=1).is_over
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..cards import COLOURS, JESTER, NUMBER, WIZARD, Card, Cards
from ..game import Action, SeatView
from ..rules.rulesets import Ruleset
from .base import SeededPlayer
from .rule_of_thumb import RuleOfThumbPlayer, card_power

# -- card codes -----------------------------------------------------------------
# A number card is colour_index * 16 + rank (colour_index 0..3, rank 1..13);
# every Wizard is WIZ and every Jester is JES (copies are equal, like Cards).
WIZ = 64
JES = 65
NO_TRUMP = -1


def encode(card: Card) -> int:
    """The small-integer code of a plain card (number, Wizard or Jester)."""
    if card.kind == NUMBER:
        return COLOURS.index(card.colour) * 16 + card.rank  # type: ignore[arg-type, operator]
    if card.kind == WIZARD:
        return WIZ
    if card.kind == JESTER:
        return JES
    raise ValueError(f"{card} is not a plain Wizard card")


def decode(code: int) -> Card:
    """The :class:`Card` for a code made by :func:`encode`."""
    if code == WIZ:
        return Card(WIZARD)
    if code == JES:
        return Card(JESTER)
    return Card(NUMBER, COLOURS[code >> 4], code & 15)


def trump_code(trump: str | None) -> int:
    return NO_TRUMP if trump is None else COLOURS.index(trump)


def is_plain(ruleset: Ruleset) -> bool:
    """True when the simulator understands the deck (no special cards, not Monochrome)."""
    return not ruleset.specials and not ruleset.monochrome


# -- the trick rules on codes ---------------------------------------------------
# These mirror wizard_edu.rules.core for plain decks; tests/test_players_strength.py
# holds them to the engine on many random tricks.
def beats(card: int, best: int, trump: int) -> bool:
    """Does ``card``, played now, take the trick from the card currently winning it (``best``)?"""
    if best == WIZ or card == JES:
        return False
    if card == WIZ:
        return True
    if best == JES:          # only Jesters so far: any number card takes over
        return True
    col = card >> 4
    if col == trump:
        return (best >> 4) != trump or card > best
    if (best >> 4) == trump:
        return False
    return (best >> 4) == col and card > best


def winner_index(trick: list[int], trump: int) -> int:
    """Index (play order) of the winning card of a complete or partial trick."""
    best = 0
    for i in range(1, len(trick)):
        if beats(trick[i], trick[best], trump):
            best = i
    return best


def led_colour(trick: list[int]) -> int:
    """Colour index to follow, or -1 when anything may be played."""
    for c in trick:
        if c == WIZ:
            return -1
        if c != JES:
            return c >> 4
    return -1


def legal_codes(hand: list[int], trick: list[int]) -> list[int]:
    """The cards of ``hand`` that may be played onto ``trick`` (follow suit)."""
    col = led_colour(trick)
    if col < 0:
        return hand
    follow = [c for c in hand if c < 64 and c >> 4 == col]
    if not follow:
        return hand
    return follow + [c for c in hand if c >= 64]


# -- card play ------------------------------------------------------------------
def _power(card: int, trump: int, led: int) -> int:
    """How strong a card is in a trick (to find the cheapest winner or the highest loser)."""
    if card == WIZ:
        return 100
    if card == JES:
        return -1
    col = card >> 4
    if col == trump:
        return 50 + (card & 15)
    if col == led:
        return 25 + (card & 15)
    return card & 15


def _discard_key(card: int, trump: int) -> int:
    """Which card to throw away when the trick is lost anyway and tricks are still needed.

    Low plain cards go first; Jesters are kept (they are the safest way to lose a trick
    later), trumps and Wizards last.
    """
    if card == WIZ:
        return 200
    if card == JES:
        return 30
    if card >> 4 == trump:
        return 100 + (card & 15)
    return card & 15


def _safe(card: int, trump: int, unseen: dict[int, int], ranks: int) -> bool:
    """No card still unseen by this player could take the trick from ``card`` (it wins now)."""
    if card == WIZ:
        return True
    if unseen.get(WIZ, 0):
        return False
    col = card >> 4
    if col != trump and trump >= 0:
        for r in range(1, ranks + 1):
            if unseen.get(trump * 16 + r, 0):
                return False
    for r in range((card & 15) + 1, ranks + 1):
        if unseen.get(col * 16 + r, 0):
            return False
    return True


# Reasons, for the coach.
LEAD_WIZARD = "lead-wizard"
LEAD_STRONG = "lead-strong"
LEAD_LOW = "lead-low"
WIN_SAFE = "win-safe"
WIN_CHEAP = "win-cheap"
CANNOT_WIN = "cannot-win"
DUCK = "duck"
FORCED_LAST = "forced-last"
FORCED = "forced"


def choose_card(hand: list[int], trick: list[int], trump: int, need: int, after: int,
                unseen: dict[int, int] | None, ranks: int) -> tuple[int, str]:
    """The card to play and a reason code.

    ``need`` is bid minus tricks won so far; ``after`` how many players still play
    to this trick after this one; ``unseen`` counts the cards this player has not
    seen (None: do not judge safety).
    """
    legal = legal_codes(hand, trick)
    if not trick:
        if need > 0:
            if WIZ in legal:
                return WIZ, LEAD_WIZARD
            return max(legal, key=lambda c: _power(c, trump, c >> 4 if c < 64 else -1)), LEAD_STRONG
        numbers = [c for c in legal if c < 64]
        if numbers:
            return min(numbers, key=lambda c: ((c & 15) + (20 if c >> 4 == trump else 0), c)), LEAD_LOW
        return (JES if JES in legal else WIZ), LEAD_LOW
    best = trick[winner_index(trick, trump)]
    led = led_colour(trick)
    winners = [c for c in legal if beats(c, best, trump)]
    if need > 0:
        if winners:
            if after and unseen is not None:
                safe = [c for c in winners if _safe(c, trump, unseen, ranks)]
                if safe:
                    return min(safe, key=lambda c: _power(c, trump, led)), WIN_SAFE
            return min(winners, key=lambda c: _power(c, trump, led)), WIN_CHEAP
        return min(legal, key=lambda c: _discard_key(c, trump)), CANNOT_WIN
    losers = [c for c in legal if c not in winners]
    if losers:
        return max(losers, key=lambda c: _power(c, trump, led)), DUCK
    if not after:
        return max(legal, key=lambda c: _power(c, trump, led)), FORCED_LAST
    return min(legal, key=lambda c: _power(c, trump, led)), FORCED


def _counts(codes) -> dict[int, int]:
    out: dict[int, int] = {}
    for c in codes:
        out[c] = out.get(c, 0) + 1
    return out


# -- playing a round out -----------------------------------------------------------
def playout(hands: list[list[int]], bids: list[int], trump: int, leader: int, ranks: int,
            deck: dict[int, int], trump_card: int | None) -> list[int]:
    """Play a round from its start to the end with :func:`choose_card` for everyone; tricks won by seat.

    ``hands`` are consumed (copy them first).  ``deck`` counts every card of the deck;
    the trump card is seen by everyone.
    """
    unseen = dict(deck)
    if trump_card is not None:
        unseen[trump_card] -= 1
    return finish_round(hands, bids, [0] * len(hands), trump, leader, [], unseen, ranks)


def finish_round(hands: list[list[int]], bids: list[int], won: list[int], trump: int, leader: int,
                 trick: list[int], unseen: dict[int, int], ranks: int) -> list[int]:
    """Play on from the middle of a round (``trick`` already on the table, led by ``leader``).

    ``won`` are the tricks won so far (updated and returned); ``unseen`` counts the cards
    nobody has seen played or turned up yet (it is changed too).  ``hands`` are consumed.
    """
    players = len(hands)
    while hands[(leader + len(trick)) % players]:
        for k in range(len(trick), players):
            seat = (leader + k) % players
            hand = hands[seat]
            need = bids[seat] - won[seat]
            mine = None
            if trick and need > 0 and players - k - 1:
                mine = dict(unseen)
                for c in hand:
                    mine[c] -= 1
            card, _ = choose_card(hand, trick, trump, need, players - k - 1, mine, ranks)
            hand.remove(card)
            trick.append(card)
            unseen[card] -= 1
        leader = (leader + winner_index(trick, trump)) % players
        won[leader] += 1
        trick = []
    return won


def deal_unseen(pool: list[int], sizes: dict[int, int], voids: dict[int, set[int]],
                rng: random.Random) -> dict[int, list[int]]:
    """Deal ``pool`` (shuffled in place) to the seats in ``sizes``, keeping known voids if possible.

    A seat that did not follow a colour holds none of it; the seats with most voids are dealt
    first.  If the voids cannot be kept (rare), they are ignored for this deal.
    """
    for _ in range(20):
        rng.shuffle(pool)
        rest = list(pool)
        hands: dict[int, list[int]] = {}
        for seat in sorted(sizes, key=lambda s: -len(voids.get(s, ()))):
            banned = voids.get(seat)
            if banned:
                take = [i for i, c in enumerate(rest) if c >= 64 or (c >> 4) not in banned][:sizes[seat]]
            else:
                take = list(range(sizes[seat]))
            if len(take) < sizes[seat]:
                break
            hands[seat] = [rest[i] for i in take]
            for i in reversed(take):
                del rest[i]
        else:
            return hands
    rng.shuffle(pool)
    hands, k = {}, 0
    for seat in sorted(sizes):
        hands[seat] = pool[k:k + sizes[seat]]
        k += sizes[seat]
    return hands


def voids_seen(plays: list[list[tuple[int, Card]]]) -> dict[int, set[int]]:
    """Colours each seat has shown it does not hold (it played another colour when one was to follow)."""
    voids: dict[int, set[int]] = {}
    for trick in plays:
        codes: list[int] = []
        for seat, card in trick:
            code = encode(card)
            col = led_colour(codes)
            if col >= 0 and code < 64 and code >> 4 != col:
                voids.setdefault(seat, set()).add(col)
            codes.append(code)
    return voids


@dataclass(frozen=True)
class BidAnalysis:
    """What the simulation found: average score and tricks for each bid tried."""

    samples: int
    trump: str | None
    mean_score: dict[int, float]
    mean_tricks: dict[int, float]

    @property
    def best_bid(self) -> int:
        return max(self.mean_score, key=lambda b: (self.mean_score[b], -b))


class SimulatingPlayer(SeededPlayer):
    """Bids (and picks trump) by simulating the round ``samples`` times; plays by simulating too.

    ``samples`` trades strength for speed (with the default 60, a bid takes well under 0.2 s).
    ``spread`` is how far from the rule-of-thumb estimate the bids it tries may go.
    ``play_samples`` deals per playable card when choosing a card (0: play by :func:`choose_card`
    alone, which is about ten times faster and a little weaker).  ``seed=None`` means seed 0:
    the player is always repeatable (its random deals come from the seed and the view).
    """

    name = "Simulator"

    def __init__(self, seed: int | None = None, name: str | None = None, samples: int = 60,
                 spread: int = 2, play_samples: int = 16) -> None:
        super().__init__(seed, name)
        if not isinstance(samples, int) or samples < 1:
            raise ValueError(f"samples must be a whole number of at least 1, not {samples!r}.")
        self.seed = 0 if seed is None else seed
        if not isinstance(play_samples, int) or play_samples < 0:
            raise ValueError(f"play_samples must be a whole number, 0 or more, not {play_samples!r}.")
        self.samples = samples
        self.spread = spread
        self.play_samples = play_samples
        self._fallback = RuleOfThumbPlayer(seed)

    def __repr__(self) -> str:
        return f"SimulatingPlayer(samples={self.samples}, play_samples={self.play_samples})"

    # -- decisions -------------------------------------------------------------
    def choose(self, view: SeatView) -> Action:
        kind = view.legal[0].kind
        if (not is_plain(view.ruleset) or kind not in ("trump", "bid", "play")
                or len(view.hand) != view.hand_counts[view.seat]):
            return self._fallback.choose(view)  # variants the simulation does not model
        if kind == "trump":
            return Action("trump", self.pick_trump(view))
        if kind == "bid":
            return Action("bid", self.analyse_bid(view).best_bid)
        return Action("play", self.pick_card(view)[0])

    def _rng(self, view: SeatView, extra: str = "") -> random.Random:
        """A generator that depends only on the seed and what the view shows (same view, same answer)."""
        key = (f"{self.seed}|{view.seat}|{view.round_number}|{view.hand}|{view.trump_card}|{view.trump}|"
               f"{view.bids}|{extra}")
        return random.Random(key)

    def pick_card(self, view: SeatView) -> tuple[Card, str]:
        """The card to play now and the reason code (see :func:`choose_card`).

        With ``play_samples`` > 0 and a real choice to make, each playable card is tried in
        ``play_samples`` random deals of the unseen cards (keeping the colours other players
        have shown they lack), playing the rest of the round with :func:`choose_card`; the card
        with the best average score for this player wins (ties keep the rule's choice).
        """
        trump = trump_code(view.trump)
        hand = [encode(c) for c in view.hand]
        trick = [encode(c) for c in view.trick_cards]
        need = (view.bids[view.seat] or 0) - view.tricks_won[view.seat]
        after = view.players - len(trick) - 1
        unseen = _counts(encode(c) for c in view.ruleset.deck())
        public = [c for t in view.tricks for c in t.cards] + list(view.trick_cards)
        if view.trump_card is not None:
            public.append(view.trump_card)
        for c in public:
            unseen[encode(c)] -= 1
        mine = dict(unseen)
        for c in hand:
            mine[c] -= 1
        ranks = view.ruleset.ranks
        code, reason = choose_card(hand, trick, trump, need, after, mine, ranks)
        options = list(dict.fromkeys(legal_codes(hand, trick)))
        if self.play_samples and len(options) > 1 and None not in view.bids:
            code = self._simulate_play(view, hand, trick, trump, unseen, mine, options, code)
        return decode(code), reason

    def _simulate_play(self, view: SeatView, hand: list[int], trick: list[int], trump: int,
                       unseen: dict[int, int], mine: dict[int, int], options: list[int], rule_choice: int) -> int:
        players, seat = view.players, view.seat
        leader = view.trick[0][0] if view.trick else seat
        pool = [c for c, k in mine.items() for _ in range(k)]
        pool.sort()
        sizes = {s: view.hand_counts[s] for s in range(players) if s != seat}
        voids = voids_seen([list(t.plays) for t in view.tricks] + [list(view.trick)])
        bids = [b or 0 for b in view.bids]
        rng = self._rng(view, f"play|{view.trick}|{view.tricks_won}|{len(view.tricks)}")
        totals = dict.fromkeys(options, 0.0)
        for _ in range(self.play_samples):
            dealt = deal_unseen(pool, sizes, voids, rng)
            for option in options:
                hands = [list(hand) if s == seat else list(dealt[s]) for s in range(players)]
                hands[seat].remove(option)
                left = dict(unseen)
                left[option] -= 1
                won = list(view.tricks_won)
                now = [*trick, option]
                if len(now) == players:
                    winner = (leader + winner_index(now, trump)) % players
                    won[winner] += 1
                    if hands[winner]:
                        won = finish_round(hands, bids, won, trump, winner, [], left, view.ruleset.ranks)
                else:
                    won = finish_round(hands, bids, won, trump, leader, now, left, view.ruleset.ranks)
                totals[option] += view.ruleset.score(bids[seat], won[seat])
        return max(options, key=lambda c: (totals[c], c == rule_choice))

    def pick_trump(self, view: SeatView) -> str:
        """The dealer's trump colour after a Wizard is turned up: the one whose best bid scores most."""
        results = {col: self.analyse_bid(view, trump=col, samples=max(1, self.samples // 2))
                   for col in COLOURS}
        return max(COLOURS, key=lambda col: (results[col].mean_score[results[col].best_bid],
                                             -COLOURS.index(col)))

    def analyse_bid(self, view: SeatView, trump: str | None = None, samples: int | None = None) -> BidAnalysis:
        """Simulate the round for each bid worth trying; the average score and tricks of each."""
        ruleset = view.ruleset
        samples = self.samples if samples is None else samples
        trump_colour = view.trump if trump is None else trump
        tcode = trump_code(trump_colour)
        players, n, seat = view.players, view.hand_size, view.seat
        legal = view.legal_bids or list(range(n + 1))
        estimate = self._estimate(view.hand, tcode, ruleset, players)
        tried = [b for b in legal if abs(b - round(estimate)) <= self.spread] or legal
        deck = _counts(encode(c) for c in ruleset.deck())
        pool = dict(deck)
        mine = [encode(c) for c in view.hand]
        for c in mine:
            pool[c] -= 1
        trump_card = encode(view.trump_card) if view.trump_card is not None else None
        if trump_card is not None:
            pool[trump_card] -= 1
        unseen = [c for c, k in pool.items() for _ in range(k)]
        unseen.sort()
        rng = self._rng(view, f"trump={trump_colour}")
        leader = (view.dealer + 1) % players
        powers = _power_table(tcode, ruleset.ranks)
        crowd = {3: 1.1, 4: 1.0, 5: 0.9, 6: 0.8}.get(players, 1.0)
        score_sum = dict.fromkeys(tried, 0.0)
        trick_sum = dict.fromkeys(tried, 0.0)
        for _ in range(samples):
            rng.shuffle(unseen)
            hands: list[list[int]] = []
            bids: list[int] = []
            k = 0
            for s in range(players):
                if s == seat:
                    hands.append(mine)
                    bids.append(0)
                    continue
                hand = unseen[k:k + n]
                k += n
                hands.append(hand)
                bid = view.bids[s]
                if bid is None:
                    est = sum(powers[c] if powers[c] >= 1.0 else powers[c] * crowd for c in hand)
                    bid = min(n, max(0, round(est)))
                bids.append(bid)
            for b in tried:
                bids[seat] = b
                won = playout([list(h) for h in hands], bids, tcode, leader, ruleset.ranks, deck, trump_card)
                score_sum[b] += ruleset.score(b, won[seat])
                trick_sum[b] += won[seat]
        return BidAnalysis(samples, trump_colour, {b: score_sum[b] / samples for b in tried},
                           {b: trick_sum[b] / samples for b in tried})

    @staticmethod
    def _estimate(hand: Cards, tcode: int, ruleset: Ruleset, players: int) -> float:
        powers = _power_table(tcode, ruleset.ranks)
        crowd = {3: 1.1, 4: 1.0, 5: 0.9, 6: 0.8}.get(players, 1.0)
        total = 0.0
        for c in hand:
            p = powers[encode(c)]
            total += p if p >= 1.0 else p * crowd
        return total


_POWER_CACHE: dict[tuple[int, int], dict[int, float]] = {}


def _power_table(tcode: int, ranks: int) -> dict[int, float]:
    """Rule-of-thumb power of every card code for a trump (what the other players bid with)."""
    key = (tcode, ranks)
    if key not in _POWER_CACHE:
        trump = None if tcode < 0 else COLOURS[tcode]
        table = {WIZ: card_power(Card(WIZARD), trump, ranks), JES: card_power(Card(JESTER), trump, ranks)}
        for i, col in enumerate(COLOURS):
            for r in range(1, ranks + 1):
                table[i * 16 + r] = card_power(Card(NUMBER, col, r), trump, ranks)
        _POWER_CACHE[key] = table
    return _POWER_CACHE[key]
