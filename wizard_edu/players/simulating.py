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

The inner loop works on small integers, not :class:`Card` objects, and looks every
rule up in the tables of :mod:`wizard_edu.engine.rules.tables` (filled from the engine's rule
functions, and shared with the coach and the vectorised simulator), so a bid takes a
fraction of a second.  Only the plain Wizard decks are simulated
(Classic and Junior, any bidding variant); with Anniversary special cards or
Monochrome the player falls back to :class:`RuleOfThumbPlayer`.

>>> from wizard_edu.players.table import play_game
>>> play_game(["simulator", "rule-of-thumb", "rule-of-thumb"], rules="junior", seed=1).is_over
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

from ..engine.cards import COLOURS, Card, Cards
from ..engine.game import Action, SeatView
from ..engine.rules.rulesets import Ruleset
from ..engine.rules.tables import OPEN, TRUMP_CODES, is_tabled, trump_code
from ..errors import SampleSizeError
from ..simulate.checks import whole
from ..simulate.midround import voids_seen
from ..simulate.tables import PLAYER_COUNTS, SimTables, player_tables
from .base import SeededPlayer, check_seed
from .rule_of_thumb import RuleOfThumbPlayer

# -- card codes -----------------------------------------------------------------
# The simulation works on the canonical card ids of wizard_edu.engine.rules.tables (copies of a card
# share one id) and looks every rule up in the simulator's tables, which are filled by asking the
# rules: there is no rule code in this module.


def is_plain(ruleset: Ruleset) -> bool:
    """True when the simulator understands the deck (no special cards, not Monochrome)."""
    return is_tabled(ruleset)


@dataclass(frozen=True, eq=False)
class Kit:
    """The simulator's tables for one ruleset (:mod:`wizard_edu.simulate.tables`) as plain lists
    indexed by canonical id, for loops over one card at a time (indexing a list is much faster
    than indexing a numpy array), and this player's preferences: how strong a card is in a trick
    (the rule-of-thumb ``strength`` table), which card to throw away, which to lead low.
    """

    tables: SimTables
    code: dict[Card, int]              # Card -> canonical id
    colour: list[int]                  # id -> 0..3, -1 for a Wizard or Jester
    beats: list[list[list[bool]]]      # [trump][winning so far][new] -> the new card takes the trick
    beaten_by: list[list[list[int]]]   # [trump][card] -> canonical ids that take the trick from it
    lead_next: list[list[int]]         # [lead state][card] -> lead state after it
    follow_ok: list[list[bool]]        # [lead state][card] -> may be played by one holding the colour led
    led_number: list[list[bool]]       # [lead state][card] -> a number card of the colour to follow
    wizard: int                        # canonical id of a Wizard
    jester: int                        # canonical id of a Jester
    special: list[bool]                # Wizard or Jester
    deck: list[int]                    # id -> copies in the deck
    deal_order: list[int]              # ids in the order the unseen cards are laid out before a shuffle
    power: list[list[list[float]]]     # [trump][led 0..4][id] -> strength (led 0: the card's own colour)
    discard: list[list[float]]         # [trump][id] -> which card to throw away first (lowest)
    lead_low: list[list[float]]        # [trump][id] -> which card to lead low (lowest)
    bid_power: dict[int, list[list[float]]]  # players -> [trump][id] -> share of the trick estimate

    def decode(self, code: int) -> Card:
        return self.tables.cards[code]

    def estimate_power(self, players: int) -> list[list[float]]:
        return self.bid_power[players]

    def lead_state(self, trick: list[int]) -> int:
        """The lead state after the cards of ``trick`` (ids, in play order)."""
        state = OPEN
        for c in trick:
            state = self.lead_next[state][c]
        return state

    def winner_index(self, trick: list[int], trump: int) -> int:
        """Index (play order) of the card winning a complete or partial trick."""
        beats = self.beats[trump]
        best = 0
        for i in range(1, len(trick)):
            if beats[trick[best]][trick[i]]:
                best = i
        return best

    def legal(self, hand: list[int], state: int) -> list[int]:
        """The cards of ``hand`` that may be played in lead state ``state``.

        When a colour must be followed, its number cards come first, then the cards
        without a colour (the order this player has always tried them in).
        """
        led = self.led_number[state]
        for c in hand:
            if led[c]:
                ok = self.follow_ok[state]
                return [c for c in hand if led[c]] + [c for c in hand if ok[c] and not led[c]]
        return hand


@cache  # keyed on the frozen Ruleset: Junior and Classic with their few options
def kit(ruleset: Ruleset) -> Kit:
    """The (cached) lookup lists for a Junior or Classic ruleset."""
    t = player_tables(ruleset)
    size = t.size
    colour, value = t.colour.tolist(), t.value.tolist()
    is_wizard, is_jester = t.is_wizard.tolist(), t.is_jester.tolist()
    ids = sorted(set(t.canon.tolist()))
    special = [is_wizard[c] or is_jester[c] for c in range(size)]
    deck = [0] * size
    for c in t.canon.tolist():
        deck[c] += 1
    beats = t.beats[:, :size, :size].tolist()
    beaten_by = [[[b for b in ids if beats[tr][a][b]] for a in range(size)] for tr in range(TRUMP_CODES)]
    # The order the simulating player has always laid out the unseen cards in before shuffling
    # (colour, then rank; Wizards, then Jesters), so that a seed keeps giving the same deals.
    deal_order = sorted(ids, key=lambda c: (special[c], colour[c], value[c], is_jester[c]))
    power = [[row[:size] for row in t.strength[tr].tolist()] for tr in range(TRUMP_CODES)]
    return Kit(t, t.code, colour, beats, beaten_by, t.lead_next.tolist(), t.follow_ok.tolist(),
               t.led_number.tolist(), next(c for c in ids if is_wizard[c]), next(c for c in ids if is_jester[c]),
               special, deck, deal_order, power, [row[:size] for row in t.discard.tolist()],
               [row[:size] for row in t.lead_low.tolist()],
               {p: t.bid_power(p)[:, :size].tolist() for p in PLAYER_COUNTS})


def _safe(k: Kit, card: int, trump: int, unseen: list[int]) -> bool:
    """No card still unseen by this player could take the trick from ``card`` (it wins now)."""
    for c in k.beaten_by[trump][card]:
        if unseen[c]:
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


def choose_card(k: Kit, hand: list[int], trick: list[int], trump: int, need: int, after: int,
                unseen: list[int] | None) -> tuple[int, str]:
    """The card to play and a reason code.

    ``need`` is bid minus tricks won so far; ``after`` how many players still play
    to this trick after this one; ``unseen`` counts the cards this player has not
    seen (None: do not judge safety).
    """
    state = k.lead_state(trick)
    legal = k.legal(hand, state)
    if not trick:
        if need > 0:
            if k.wizard in legal:
                return k.wizard, LEAD_WIZARD
            own = k.power[trump][0]
            return max(legal, key=own.__getitem__), LEAD_STRONG
        numbers = [c for c in legal if not k.special[c]]
        if numbers:
            return min(numbers, key=k.lead_low[trump].__getitem__), LEAD_LOW
        return (k.jester if k.jester in legal else k.wizard), LEAD_LOW
    power = k.power[trump][state - 1 if state >= 2 else 0]
    best = trick[k.winner_index(trick, trump)]
    takes = k.beats[trump][best]
    winners = [c for c in legal if takes[c]]
    if need > 0:
        if winners:
            if after and unseen is not None:
                safe = [c for c in winners if _safe(k, c, trump, unseen)]
                if safe:
                    return min(safe, key=power.__getitem__), WIN_SAFE
            return min(winners, key=power.__getitem__), WIN_CHEAP
        return min(legal, key=k.discard[trump].__getitem__), CANNOT_WIN
    losers = [c for c in legal if c not in winners]
    if losers:
        return max(losers, key=power.__getitem__), DUCK
    if not after:
        return max(legal, key=power.__getitem__), FORCED_LAST
    return min(legal, key=power.__getitem__), FORCED


# -- playing a round out -----------------------------------------------------------
def playout(k: Kit, hands: list[list[int]], bids: list[int], trump: int, leader: int,
            deck: list[int], trump_card: int | None) -> list[int]:
    """Play a round from its start to the end with :func:`choose_card` for everyone; tricks won by seat.

    ``hands`` are consumed (copy them first).  ``deck`` counts every card of the deck;
    the trump card is seen by everyone.
    """
    unseen = list(deck)
    if trump_card is not None:
        unseen[trump_card] -= 1
    return finish_round(k, hands, bids, [0] * len(hands), trump, leader, [], unseen)


def finish_round(k: Kit, hands: list[list[int]], bids: list[int], won: list[int], trump: int, leader: int,
                 trick: list[int], unseen: list[int]) -> list[int]:
    """Play on from the middle of a round (``trick`` already on the table, led by ``leader``).

    ``won`` are the tricks won so far (updated and returned); ``unseen`` counts the cards
    nobody has seen played or turned up yet (it is changed too).  ``hands`` are consumed.
    """
    players = len(hands)
    winner_index = k.winner_index
    while hands[(leader + len(trick)) % players]:
        for j in range(len(trick), players):
            seat = (leader + j) % players
            hand = hands[seat]
            need = bids[seat] - won[seat]
            mine = None
            if trick and need > 0 and players - j - 1:
                mine = list(unseen)
                for c in hand:
                    mine[c] -= 1
            card, _ = choose_card(k, hand, trick, trump, need, players - j - 1, mine)
            hand.remove(card)
            trick.append(card)
            unseen[card] -= 1
        leader = (leader + winner_index(trick, trump)) % players
        won[leader] += 1
        trick = []
    return won


def deal_unseen(k: Kit, pool: list[int], sizes: dict[int, int], voids: dict[int, set[int]],
                rng: random.Random) -> dict[int, list[int]]:
    """Deal ``pool`` (shuffled in place) to the seats in ``sizes``, keeping known voids if possible.

    A seat that did not follow a colour holds none of it; the seats with most voids are dealt
    first.  If the voids cannot be kept (rare), they are ignored for this deal.
    """
    colour = k.colour
    for _ in range(20):
        rng.shuffle(pool)
        rest = list(pool)
        hands: dict[int, list[int]] = {}
        for seat in sorted(sizes, key=lambda s: -len(voids.get(s, ()))):
            banned = voids.get(seat)
            if banned:
                take = [i for i, c in enumerate(rest) if colour[c] not in banned][:sizes[seat]]
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
    hands, j = {}, 0
    for seat in sorted(sizes):
        hands[seat] = pool[j:j + sizes[seat]]
        j += sizes[seat]
    return hands


def unseen_counts(view: SeatView, with_hand: bool = True) -> list[int]:
    """Copies of each card id that ``view``'s player has not seen (played, turned up or, with
    ``with_hand``, in the hand)."""
    k = kit(view.ruleset)
    unseen = list(k.deck)
    public = [c for t in view.tricks for c in t.cards] + list(view.trick_cards)
    if with_hand:
        public += list(view.hand)
    if view.trump_card is not None:
        public.append(view.trump_card)
    for c in public:
        unseen[k.code[c]] -= 1
    return unseen


def is_safe(view: SeatView, card: Card) -> bool:
    """True when no card ``view``'s player has not seen could take the trick from ``card``."""
    k = kit(view.ruleset)
    return _safe(k, k.code[card], trump_code(view.trump), unseen_counts(view))


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
    thinks_slowly = True
    level = "simulator"

    def __init__(self, seed: int | None = None, name: str | None = None, samples: int = 60,
                 spread: int = 2, play_samples: int = 16, bid_values: bool = False) -> None:
        seed = check_seed(seed, negative=False)
        super().__init__(seed, name)
        self.seed = 0 if seed is None else seed
        self.samples = _whole(samples, "samples", 1, MAX_SAMPLES)
        self.spread = _whole(spread, "spread", 0, 100)
        self.play_samples = _whole(play_samples, "play_samples", 0, MAX_SAMPLES)
        #: Bid with :func:`wizard_edu.simulate.odds.bid_values` (vectorised, ``samples`` x 10 deals) instead of
        #: this player's own play-outs.  Off by default: the seeded decisions stay those of the reference.
        self.bid_values = bool(bid_values)
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
            if self.bid_values:
                return Action("bid", self.bid_by_values(view))
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
        k = kit(view.ruleset)
        trump = trump_code(view.trump)
        code = k.code
        hand = [code[c] for c in view.hand]
        trick = [code[c] for c in view.trick_cards]
        need = (view.bids[view.seat] or 0) - view.tricks_won[view.seat]
        after = view.players - len(trick) - 1
        unseen = unseen_counts(view, with_hand=False)
        mine = list(unseen)
        for c in hand:
            mine[c] -= 1
        choice, reason = choose_card(k, hand, trick, trump, need, after, mine)
        options = list(dict.fromkeys(k.legal(hand, k.lead_state(trick))))
        if self.play_samples and len(options) > 1 and None not in view.bids:
            choice = self._simulate_play(k, view, hand, trick, trump, unseen, mine, options, choice)
        return k.decode(choice), reason

    def _simulate_play(self, k: Kit, view: SeatView, hand: list[int], trick: list[int], trump: int,
                       unseen: list[int], mine: list[int], options: list[int], rule_choice: int) -> int:
        players, seat = view.players, view.seat
        leader = view.trick[0][0] if view.trick else seat
        pool = [c for c in k.deal_order for _ in range(mine[c])]
        sizes = {s: view.hand_counts[s] for s in range(players) if s != seat}
        voids = voids_seen(k.tables, [list(t.plays) for t in view.tricks] + [list(view.trick)])
        bids = [b or 0 for b in view.bids]
        rng = self._rng(view, f"play|{view.trick}|{view.tricks_won}|{len(view.tricks)}")
        totals = dict.fromkeys(options, 0.0)
        winner_index = k.winner_index
        for _ in range(self.play_samples):
            dealt = deal_unseen(k, pool, sizes, voids, rng)
            for option in options:
                hands = [list(hand) if s == seat else list(dealt[s]) for s in range(players)]
                hands[seat].remove(option)
                left = list(unseen)
                left[option] -= 1
                won = list(view.tricks_won)
                now = [*trick, option]
                if len(now) == players:
                    winner = (leader + winner_index(now, trump)) % players
                    won[winner] += 1
                    if hands[winner]:
                        won = finish_round(k, hands, bids, won, trump, winner, [], left)
                else:
                    won = finish_round(k, hands, bids, won, trump, leader, now, left)
                totals[option] += view.ruleset.score(bids[seat], won[seat])
        return max(options, key=lambda c: (totals[c], c == rule_choice))

    def pick_trump(self, view: SeatView) -> str:
        """The dealer's trump colour after a Wizard is turned up: the one whose best bid scores most."""
        results = {col: self.analyse_bid(view, trump=col, samples=max(1, self.samples // 2))
                   for col in COLOURS}
        return max(COLOURS, key=lambda col: (results[col].mean_score[results[col].best_bid],
                                             -COLOURS.index(col)))

    def bid_by_values(self, view: SeatView) -> int:
        """The bid with the best average score in :func:`wizard_edu.simulate.odds.bid_values` (the hand played
        toward each bid; bids within ``spread`` of the rule-of-thumb count), seeded from the view."""
        from ..simulate.chances import bid_values

        estimate = round(self._estimate(kit(view.ruleset), view.hand, trump_code(view.trump), view.players))
        legal = view.legal_bids
        tried = [b for b in legal if abs(b - estimate) <= self.spread] or legal
        seed = self._rng(view, "bid-values").randrange(2 ** 32)
        scores = bid_values(view, samples=self.samples * 10, seed=seed, bids=tried)["expected score"]
        return int(max(scores.index, key=lambda b: (round(scores[b], 9), -abs(b - estimate), -b)))

    def analyse_bid(self, view: SeatView, trump: str | None = None, samples: int | None = None) -> BidAnalysis:
        """Simulate the round for each bid worth trying; the average score and tricks of each."""
        ruleset = view.ruleset
        k = kit(ruleset)
        samples = self.samples if samples is None else _whole(samples, "samples", 1, MAX_SAMPLES)
        trump_colour = view.trump if trump is None else trump
        tcode = trump_code(trump_colour)
        players, n, seat = view.players, view.hand_size, view.seat
        legal = view.legal_bids or list(range(n + 1))
        powers = k.estimate_power(players)[tcode]
        estimate = self._estimate(k, view.hand, tcode, players)
        tried = [b for b in legal if abs(b - round(estimate)) <= self.spread] or legal
        deck = k.deck
        pool = list(deck)
        mine = [k.code[c] for c in view.hand]
        for c in mine:
            pool[c] -= 1
        trump_card = k.code[view.trump_card] if view.trump_card is not None else None
        if trump_card is not None:
            pool[trump_card] -= 1
        unseen = [c for c in k.deal_order for _ in range(pool[c])]
        rng = self._rng(view, f"trump={trump_colour}")
        leader = (view.dealer + 1) % players
        score_sum = dict.fromkeys(tried, 0.0)
        trick_sum = dict.fromkeys(tried, 0.0)
        for _ in range(samples):
            rng.shuffle(unseen)
            hands: list[list[int]] = []
            bids: list[int] = []
            j = 0
            for s in range(players):
                if s == seat:
                    hands.append(mine)
                    bids.append(0)
                    continue
                hand = unseen[j:j + n]
                j += n
                hands.append(hand)
                bid = view.bids[s]
                if bid is None:
                    bid = min(n, max(0, round(sum(powers[c] for c in hand))))
                bids.append(bid)
            for b in tried:
                bids[seat] = b
                won = playout(k, [list(h) for h in hands], bids, tcode, leader, deck, trump_card)
                score_sum[b] += ruleset.score(b, won[seat])
                trick_sum[b] += won[seat]
        return BidAnalysis(samples, trump_colour, {b: score_sum[b] / samples for b in tried},
                           {b: trick_sum[b] / samples for b in tried})

    @staticmethod
    def _estimate(k: Kit, hand: Cards, tcode: int, players: int) -> float:
        """The rule-of-thumb trick estimate (``count_tricks``), from the shared bid-power table."""
        powers = k.estimate_power(players)[tcode]
        total = 0.0
        for c in hand:
            total += powers[k.code[c]]
        return total


#: Caps on the simulating player's samples: far above any useful setting (a bid with
#: 100,000 samples already takes minutes), low enough that a typo cannot freeze a lesson.
MAX_SAMPLES = 100_000


def _whole(value: object, what: str, low: int, high: int) -> int:
    n = whole(value)
    if n is None or not low <= n <= high:
        raise SampleSizeError(f"{what} must be a whole number from {low} to {high:,}, not {value!r}.")
    return n

