"""Reading FTP replies: codes (RFC 959 §4.2), FEAT (RFC 2389 §3.2), and messages a
person can act on when the server says no."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "Features",
    "parse_features",
    "refusal_message",
    "reply_code",
    "reply_text",
]


def reply_code(reply: str) -> int | None:
    """The three-digit code that starts *reply* (RFC 959 §4.2), or None."""
    head = reply[:3]
    return int(head) if len(head) == 3 and head.isascii() and head.isdigit() else None


def reply_text(reply: str) -> str:
    """A (possibly multi-line, ``\\n``-joined) reply as one line for a message."""
    return " ".join(line.strip() for line in reply.splitlines() if line.strip())


@dataclass(frozen=True)
class Features:
    """What the server says it offers in its FEAT reply (RFC 2389)."""

    names: frozenset[str]
    """Upper-case feature names: ``MLST``, ``SIZE``, ``EPSV``, ``UTF8`` ..."""
    mlst_facts: tuple[str, ...] = ()
    """The facts after ``MLST`` (RFC 3659 §7.8), lower-case, ``*`` removed."""

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name.upper() in self.names


NO_FEATURES = Features(frozenset())


def parse_features(reply: str) -> Features:
    """The FEAT reply (``211-...`` lines, features indented by one space, ``211 End``).

    Anything but a 211 reply means the server has no FEAT: no features.
    """
    if reply_code(reply) != 211:
        return NO_FEATURES
    found: set[str] = set()
    facts: tuple[str, ...] = ()
    for line in reply.splitlines()[1:]:
        if not line.startswith(" "):
            continue
        word, _, rest = line.strip().partition(" ")
        name = word.upper()
        if not name:
            continue
        found.add(name)
        if name == "MLST":
            facts = tuple(f.rstrip("*").lower() for f in rest.split(";") if f.strip())
    return Features(frozenset(found), facts)


def refusal_message(command: str, reply: str, authority: str) -> str:
    """``the server at host:21 refused "RETR motd": 550 No such file.`` plus a hint;
    an empty *command* means the greeting (RFC 959 §5.4: 421 instead of 220)."""
    text = reply_text(reply)
    code = reply_code(reply)
    if not command:  # the greeting
        return f"the server at {authority} turned the connection away: {text}"
    hint = ""
    verb = command.split(" ", 1)[0].upper()
    if code == 530 and verb in ("USER", "PASS"):
        hint = " (check the user name and password)"
    elif code is not None and 400 <= code < 500:
        hint = " (a temporary refusal: trying again later may work)"
    elif verb == "CWD" and code is not None and code >= 500:
        hint = " (no such directory, or no permission to enter it)"
    elif verb in ("RETR", "SIZE") and code is not None and code >= 500:
        hint = " (no such file, or no permission to read it)"
    return f'the server at {authority} refused "{command}": {text}{hint}'
