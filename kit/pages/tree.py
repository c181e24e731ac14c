"""A problem page as a tree of elements, built with the standard library's html.parser.

Lenient as browsers are where problem pages need it: void elements (``<br>``, ``<img>``) take no
end tag, an end tag closes the nearest open element of its name (and those opened inside it),
a stray end tag is ignored; script and style text is dropped. Comments are kept apart (a saved
page names its address in one: ``<!-- saved from url=(0040)https://... -->``).

    root = parse(text)
    root.find_all("pre", cls="sio"); element.text(); element.pre_text()
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

VOID = frozenset(
    [
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "param",
        "source",
        "track",
        "wbr",
    ]
)
DROPPED = frozenset(("script", "style"))
BLOCKS = frozenset(("div", "p", "li", "tr"))  # a line of their own inside <pre>


@dataclass(eq=False)
class Element:
    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    parent: Element | None = None
    children: list[Element | str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)  # the root's: every comment of the page

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def elements(self):
        """This element and every element inside it, in document order."""
        stack = [self]
        while stack:
            element = stack.pop()
            yield element
            stack.extend(reversed([c for c in element.children if isinstance(c, Element)]))

    def find_all(self, tag: str | None = None, cls: str | None = None, id: str | None = None):
        return [
            element
            for element in self.elements()
            if (tag is None or element.tag == tag)
            and (cls is None or cls in element.classes)
            and (id is None or element.attrs.get("id") == id)
        ]

    def find(self, tag: str | None = None, cls: str | None = None, id: str | None = None):
        return next(iter(self.find_all(tag, cls, id)), None)

    def following(self):
        """The elements after this one among its parent's children."""
        if self.parent is None:
            return []
        siblings = [c for c in self.parent.children if isinstance(c, Element)]
        return siblings[siblings.index(self) + 1 :]

    def own_text(self) -> str:
        """The text directly inside this element (not inside its child elements), collapsed."""
        return " ".join("".join(c for c in self.children if isinstance(c, str)).split())

    def text(self) -> str:
        """All its text with whitespace collapsed, elements apart by a space."""
        parts: list[str] = []
        for child in self.children:
            parts.append(child if isinstance(child, str) else f" {child.text()} ")
        return " ".join("".join(parts).replace("\xa0", " ").split())

    def pre_text(self) -> str:
        """Its text as a browser shows a ``<pre>``: ``<br>`` and block elements end lines."""
        parts: list[str] = []

        def walk(element: Element) -> None:
            for child in element.children:
                if isinstance(child, str):
                    parts.append(child)
                elif child.tag == "br":
                    parts.append("\n")
                elif child.tag in BLOCKS:
                    start = len(parts)
                    walk(child)
                    if not "".join(parts[start:]).endswith("\n"):
                        parts.append("\n")
                else:
                    walk(child)

        walk(self)
        return "".join(parts).replace("\xa0", " ")


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#document")
        self.open: list[Element] = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, {name: value or "" for name, value in attrs}, self.open[-1])
        self.open[-1].children.append(element)
        if tag not in VOID:
            self.open.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.open.pop()

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.open) - 1, 0, -1):
            if self.open[depth].tag == tag:
                del self.open[depth:]
                return

    def handle_data(self, data: str) -> None:
        if self.open[-1].tag not in DROPPED:
            self.open[-1].children.append(data)

    def handle_comment(self, data: str) -> None:
        self.root.comments.append(data)


def parse(text: str) -> Element:
    """The page's tree (its root holds the comments)."""
    builder = _Builder()
    builder.feed(text)
    builder.close()
    return builder.root
