"""The secrets of a class: its class code, the pupils' tokens and the teacher's key.

One module for kid mode (its login page and ``?token=``, the code printed in big letters) and the
class table service (joins, the teacher's board), so a code is made, typed and compared the same way
in both.

* A class code is short, for the board, in letters that cannot be mistaken for each other
  (:data:`CODE_ALPHABET`); it is typed the way children type it (:func:`normalise_code`) and compared
  in constant time (:func:`codes_match`). A teacher may fix one for every lesson
  (:data:`CLASS_CODE_ENV`).
* A pupil's token and the teacher's key are long and random (:func:`new_secret`), compared in
  constant time (:func:`keys_match`); the key can come from :data:`TEACHER_KEY_ENV`, never a command line.

>>> codes_match(" km7-xq4 ", "KM7XQ4"), codes_match("KM7XQ5", "KM7XQ4")
(True, False)
"""

from __future__ import annotations

import hmac
import secrets

#: Letters and digits that cannot be mistaken for each other on a board (no O/0, I/1/L, S/5, B/8, Z/2, G/6).
CODE_ALPHABET = "ACDEFHJKMNPRTUVWXY3479"
CODE_LENGTH = 6
#: A fixed class code for a teacher who wants the same one every lesson (set in the environment).
CLASS_CODE_ENV = "WIZARD_EDU_CLASS_CODE"
#: A fixed teacher's key (the same board link every lesson), from the environment: never on a command line.
TEACHER_KEY_ENV = "WIZARD_EDU_TEACHER_KEY"


def class_code(length: int = CODE_LENGTH) -> str:
    """A fresh class code: ``length`` characters from :data:`CODE_ALPHABET` (about 10**8 codes for 6).

    >>> code = class_code()
    >>> len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)
    True
    """
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))


def normalise_code(text: str) -> str:
    """A class code as a child may type it, as it is stored: capitals, letters and digits only.

    >>> normalise_code(" km7-xq4 ")
    'KM7XQ4'
    """
    return "".join(ch for ch in text.upper() if ch.isalnum())


def codes_match(typed: str, code: str) -> bool:
    """The typed class code is the class code (case, spaces and dashes ignored; constant time)."""
    typed_code = normalise_code(typed)
    return bool(typed_code) and hmac.compare_digest(typed_code.encode(), normalise_code(code).encode())


def new_secret(kind: str) -> str:
    """A fresh class code (``"code"``: short, for the board), pupil token or teacher key (long, random)."""
    return class_code() if kind == "code" else secrets.token_urlsafe(24)


def keys_match(given: object, key: str) -> bool:
    """A pupil's token or the teacher's key, as given, is ``key`` (constant time)."""
    return isinstance(given, str) and bool(given) and hmac.compare_digest(given.encode(), key.encode())


__all__ = ["CODE_ALPHABET", "CODE_LENGTH", "CLASS_CODE_ENV", "TEACHER_KEY_ENV", "class_code", "normalise_code",
           "codes_match", "new_secret", "keys_match"]
