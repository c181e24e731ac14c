"""A Checktestdata program's text read into commands (the language of DOMjudge/checktestdata,
doc/format-spec.md; its grammar checktestdata.y and words checktestdata.l), as problemtools'
checktestdata (mzuenni/pyctd, parser.py) reads it where the two differ: ``!`` before ``&&``
before ``||``, no ``\\f`` escape.

Expressions are tuples: ``("int", n)``, ``("float", Fraction)``, ``("str", s)``, ``("var",
name, (index, ...))``, ``("neg", e)``, ``("bin", op, a, b)``, ``("strlen", e)``. Tests:
``("not", t)``, ``("and" | "or", a, b)``, ``("cmp", op, a, b)``, ``("eof",)``, ``("match",
e)``, ``("unique", names)``, ``("inarray", e, name)``. Commands: ``(WORD, *args)``, the
blocks with their commands nested: ``("REP", var, count, separator, body)``, ``("WHILE",
var, test, separator, body)``, ``("IF", test, then, otherwise)``.

API::

    parse(text) -> tuple        # the program's commands; CtdError (one line) when malformed
    unbounded()                 # a context: Python's limits lifted, nesting too deep a CtdError
"""

from __future__ import annotations

import re
import sys
from contextlib import contextmanager
from decimal import Decimal, InvalidOperation
from fractions import Fraction

COMMANDS = ("SPACE", "NEWLINE", "EOF", "INT", "FLOAT", "FLOATP", "STRING", "REGEX", "ASSERT",
            "SET", "UNSET", "REP", "REPI", "WHILE", "WHILEI", "IF", "ELSE", "END")  # fmt: skip
TESTS = ("ISEOF", "MATCH", "UNIQUE", "INARRAY")
OPTIONS = ("FIXED", "SCIENTIFIC")
COMPARE = ("<=", ">=", "==", "!=", "<", ">")
_TOKEN = re.compile(
    r"""(?P<space>[ \t\r\n]+|\#[^\n]*)
    |(?P<float>[0-9]+\.[0-9]*(?:[eE][+-]?[0-9]+)?|[0-9]+[eE][+-]?[0-9]+)
    |(?P<int>[0-9]+)
    |(?P<word>[A-Z]+|[a-z][a-z0-9]*)
    |(?P<string>")
    |(?P<op>&&|\|\||<=|>=|==|!=|.)""",
    re.VERBOSE | re.DOTALL,
)
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", '"': '"', "\\": "\\"}  # no \f: pyctd


class CtdError(Exception):
    """A malformed program, or one that fails as it runs (an undefined variable), in one line."""


@contextmanager
def unbounded():
    """A context for reading and running a program: integers of any length converted (as
    pyctd's lib.py lifts Python's limit); nesting deeper than Python's recursion limit (5,000
    parentheses: pyctd's raised limit takes them, its generated code refuses 100 nested
    blocks) a one-line CtdError."""
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        yield
    except RecursionError:
        raise CtdError("the program nests too deeply (Python's recursion limit)") from None
    finally:
        sys.set_int_max_str_digits(limit)


def parse(text: str) -> tuple:
    """The commands of the program ``text``."""
    with unbounded():
        return _Parser(_tokens(text)).block(())


def _tokens(text: str) -> list[tuple[str, object, int]]:
    """(kind, value, line) of each token: kind int, float, str, word or op."""
    tokens, pos, line = [], 0, 1
    while pos < len(text):
        found = _TOKEN.match(text, pos)
        kind = found.lastgroup
        if kind == "string":
            value, end = _string(text, pos + 1, line)
            tokens.append(("str", value, line))
        else:
            end = found.end()
            word = found.group()
            if kind == "float":
                tokens.append(("float", _float(word, line), line))
            elif kind == "int":
                tokens.append(_integer(word, line))
            elif kind != "space":
                tokens.append((kind, word, line))
        line += text.count("\n", pos, end)
        pos = end
    return tokens


def _float(word: str, line: int) -> Fraction:
    try:
        return Fraction(Decimal(word))
    except InvalidOperation:
        raise CtdError(f"line {line}: {word[:40]}: an exponent beyond Python's Decimal") from None


def _integer(word: str, line: int) -> tuple[str, object, int]:
    """The token of an integer constant. One with a leading zero is a float to problemtools'
    checktestdata and, when all its digits are octal ones, an octal integer to DOMjudge's (GMP's
    base 0), else a float too: the float where both say so, else a CtdError."""
    if len(word) == 1 or word[0] != "0":
        return ("int", int(word), line)
    if set(word) <= set("01234567"):
        raise CtdError(
            f"line {line}: {word} is the integer {int(word, 8)} to DOMjudge's checktestdata and "
            f"the float {int(word)}.0 to problemtools': write one of them"
        )
    return ("float", Fraction(int(word)), line)


def _string(text: str, pos: int, line: int) -> tuple[str, int]:
    """The string constant that starts at ``pos`` (after its quote), and where it ends."""
    out = []
    while pos < len(text):
        char = text[pos]
        if char == '"':
            return "".join(out), pos + 1
        if char != "\\" or pos + 1 == len(text):
            out.append(char)
            pos += 1
            continue
        octal = re.match(r"[0-7]{1,3}", text[pos + 1 : pos + 4])
        after = text[pos + 1]
        if octal:
            if int(octal.group(), 8) > 255:
                raise CtdError(f"line {line}: bad escape \\{octal.group()}")
            out.append(chr(int(octal.group(), 8)))
            pos += 1 + len(octal.group())
        elif after in _ESCAPES or after == "\n":
            out.append(_ESCAPES.get(after, ""))
            pos += 2
        else:
            out.append("\\")  # any other backslash is itself
            pos += 1
    raise CtdError(f"line {line}: a string is not closed")


class _Parser:
    def __init__(self, tokens: list) -> None:
        self.tokens = tokens
        self.at = 0

    def peek(self, ahead: int = 0):
        place = self.at + ahead
        return self.tokens[place] if place < len(self.tokens) else None

    def fail(self, what: str):
        token = self.peek()
        where = f"line {token[2]}" if token else "at the end"
        raise CtdError(f"{where}: {what}")

    def is_op(self, *ops: str) -> bool:
        token = self.peek()
        return token is not None and token[0] in ("op", "word") and token[1] in ops

    def take(self, op: str) -> None:
        if not self.is_op(op):
            token = self.peek()
            self.fail(f"{op} expected" + (f", found {token[1]}" if token else ""))
        self.at += 1

    def block(self, ends: tuple[str, ...]) -> tuple:
        """Commands up to one of ``ends`` (not taken), or the end of the program."""
        commands = []
        while self.peek() is not None and not self.is_op(*ends):
            commands.append(self.command(block=True))
        if ends and self.peek() is None:
            self.fail(f"{' or '.join(ends)} expected")
        return tuple(commands)

    def command(self, block: bool) -> tuple:
        token = self.peek()
        if token[0] != "word" or token[1] not in COMMANDS:
            self.fail(f"a command expected, found {token[1]}")
        word = token[1]
        if word in ("ELSE", "END"):
            self.fail(f"{word} without a block to close")
        self.at += 1
        if word in ("SPACE", "NEWLINE", "EOF"):
            return (word,)
        if word in ("REP", "REPI", "WHILE", "WHILEI", "IF") and not block:
            self.fail(f"{word} is not a separator")
        return getattr(self, "c_" + word.lower())()

    def c_int(self) -> tuple:
        self.take("(")
        low, high = self.expr(), self.after_comma(self.expr)
        name = self.variable() if self.comma() else None
        self.take(")")
        return ("INT", low, high, name)

    def c_float(self, places: bool = False) -> tuple:
        self.take("(")
        low, high = self.expr(), self.after_comma(self.expr)
        decimals = (self.after_comma(self.expr), self.after_comma(self.expr)) if places else None
        name = option = None
        if self.comma():
            name = self.variable()
            if self.comma():
                if not self.is_op(*OPTIONS):
                    self.fail("FIXED or SCIENTIFIC expected")
                option = self.peek()[1]
                self.at += 1
        self.take(")")
        return ("FLOAT", low, high, name, option, decimals)

    def c_floatp(self) -> tuple:
        return self.c_float(places=True)

    def c_string(self) -> tuple:
        self.take("(")
        value = self.value()
        self.take(")")
        return ("STRING", value)

    def c_regex(self) -> tuple:
        self.take("(")
        value = self.value()
        name = self.variable() if self.comma() else None
        self.take(")")
        return ("REGEX", value, name)

    def c_assert(self) -> tuple:
        self.take("(")
        test = self.test()
        self.take(")")
        return ("ASSERT", test)

    def c_set(self) -> tuple:
        self.take("(")
        pairs = []
        while True:
            name = self.variable()
            self.take("=")
            pairs.append((name, self.expr()))
            if not self.comma():
                break
        self.take(")")
        return ("SET", tuple(pairs))

    def c_unset(self) -> tuple:
        self.take("(")
        names = self.names()
        self.take(")")
        return ("UNSET", names)

    def c_rep(self, counted: bool = False) -> tuple:
        self.take("(")
        name = self.after_comma(self.variable, first=True) if counted else None
        count = self.expr()
        return ("REP", name, count, *self.loop_rest())

    def c_repi(self) -> tuple:
        return self.c_rep(counted=True)

    def c_while(self, counted: bool = False) -> tuple:
        self.take("(")
        name = self.after_comma(self.variable, first=True) if counted else None
        test = self.test()
        return ("WHILE", name, test, *self.loop_rest())

    def c_whilei(self) -> tuple:
        return self.c_while(counted=True)

    def loop_rest(self) -> tuple:
        """A loop's separator (None: none) and its commands, through its END."""
        separator = self.command(block=False) if self.comma() else None
        self.take(")")
        body = self.block(("END",))
        self.take("END")
        return separator, body

    def c_if(self) -> tuple:
        self.take("(")
        test = self.test()
        self.take(")")
        then = self.block(("ELSE", "END"))
        otherwise = ()
        if self.is_op("ELSE"):
            self.at += 1
            otherwise = self.block(("END",))
        self.take("END")
        return ("IF", test, then, otherwise)

    def comma(self) -> bool:
        if self.is_op(","):
            self.at += 1
            return True
        return False

    def after_comma(self, read, first: bool = False):
        """``read()`` after a comma (before one where ``first``)."""
        if not first:
            self.take(",")
        found = read()
        if first:
            self.take(",")
        return found

    def names(self) -> tuple[str, ...]:
        names = [self.name()]
        while self.comma():
            names.append(self.name())
        return tuple(names)

    def name(self) -> str:
        token = self.peek()
        if token is None or token[0] != "word" or not token[1][0].islower():
            self.fail("a variable name expected" + (f", found {token[1]}" if token else ""))
        self.at += 1
        return token[1]

    def variable(self) -> tuple:
        name = self.name()
        index = []
        if self.is_op("["):
            self.at += 1
            index.append(self.expr())
            while self.comma():
                index.append(self.expr())
            self.take("]")
        return ("var", name, tuple(index))

    # tests as problemtools' checktestdata (pyctd's parser.py) reads them: || below && below !
    def test(self) -> tuple:
        found = self.test_and()
        while self.is_op("||"):
            self.at += 1
            found = ("or", found, self.test_and())
        return found

    def test_and(self) -> tuple:
        found = self.test_atom()
        while self.is_op("&&"):
            self.at += 1
            found = ("and", found, self.test_atom())
        return found

    def test_atom(self) -> tuple:
        if self.is_op("!"):
            self.at += 1
            return ("not", self.test_atom())
        if self.is_op(*TESTS):
            return self.test_command()
        if self.is_op("("):
            start = self.at
            try:
                self.at += 1
                found = self.test()
                self.take(")")
                return found
            except CtdError:
                self.at = start  # an expression in brackets, compared
        left = self.expr()
        if not self.is_op(*COMPARE):
            self.fail("a comparison expected")
        op = self.peek()[1]
        self.at += 1
        return ("cmp", op, left, self.expr())

    def test_command(self) -> tuple:
        word = self.peek()[1]
        self.at += 1
        if word == "ISEOF":
            return ("eof",)
        self.take("(")
        if word == "MATCH":
            found = ("match", self.value())
        elif word == "UNIQUE":
            found = ("unique", self.names())
        else:
            found = ("inarray", self.expr(), self.after_comma(self.variable)[1])
        self.take(")")
        return found

    # expressions: + - below * / % below unary minus below ^ (left to right)
    def expr(self) -> tuple:
        found = self.term()
        while self.is_op("+", "-"):
            op = self.peek()[1]
            self.at += 1
            found = ("bin", op, found, self.term())
        return found

    def term(self) -> tuple:
        found = self.factor()
        while self.is_op("*", "/", "%"):
            op = self.peek()[1]
            self.at += 1
            found = ("bin", op, found, self.factor())
        return found

    def factor(self) -> tuple:
        if self.is_op("-"):
            self.at += 1
            return ("neg", self.factor())
        found = self.primary()
        while self.is_op("^"):
            self.at += 1
            if self.is_op("-"):
                self.at += 1
                found = ("bin", "^", found, ("neg", self.factor()))
            else:
                found = ("bin", "^", found, self.primary())
        return found

    def primary(self) -> tuple:
        if self.is_op("("):
            self.at += 1
            found = self.expr()
            self.take(")")
            return found
        return self.value()

    def value(self) -> tuple:
        token = self.peek()
        if token is None:
            self.fail("a value expected")
        if token[0] in ("int", "float", "str"):
            self.at += 1
            return (token[0], token[1])
        if token[0] == "word" and token[1] == "STRLEN":
            self.at += 1
            self.take("(")
            found = ("strlen", self.value())
            self.take(")")
            return found
        if token[0] == "word" and token[1][0].islower():
            return self.variable()
        self.fail(f"a value expected, found {token[1]}")
