"""A Polygon scoring problem's test groups, read from its testset's ``<groups>`` (problem.xml as
Polygon exports it: ``<group name="s1" points="32.0" points-policy="complete-group"
feedback-policy="icpc">`` with ``<dependencies><dependency group="example"/></dependencies>``,
and each test's ``<test group="s1" points="32.0">``; docs/packages.md, "Polygon's points",
cites the sources). ``kit.verify.polygon_points`` scores a run by them.

- A group's ``points-policy`` is ``complete-group`` (the group's points only when every test
  of it passes) or ``each-test`` (each test its own points), the latter when it says none;
  any other is a one-line error.
- A group's points are its ``points``; without them, the sum of its tests' points. Polygon
  exports the sum (cloud1204/Attack-Plan: ``s1`` 32.0, its first test 32.0, the six others
  0.0); a complete group whose ``points`` differ from that sum gets a note, its ``points``
  read. Points that are no finite number are a one-line error (``number_of_points``, which
  reads a test's points too, for ``kit.packages.polygon``).
- A dependency naming no group of the testset, and groups that depend on each other in a
  cycle (Polygon allows neither), are one-line errors.
- A problem whose tests carry no points has no groups here: it is judged pass/fail.

API::

    point_groups(testset, cases, where) -> (groups, notes)
        testset: the ``<testset>`` element; cases: its tests' (PackageCase), in order
    number_of_points(text, said, where) -> float
        ``text`` read as points; else a one-line error: "{where}: {said}: not a number of points"
"""

from __future__ import annotations

import math
from xml.etree import ElementTree

from kit.errors import BuildError
from kit.packages.model import PackageCase, PointGroup

POLICIES = ("complete-group", "each-test")  # <group points-policy=...>


def point_groups(
    testset: ElementTree.Element, cases: list[PackageCase], where: str
) -> tuple[tuple[PointGroup, ...], list[str]]:
    """The testset's groups, each with its tests' case names (``cases``: every test's, in
    order, with its points), and notes; ((), []) when its tests carry no points."""
    if not any(case.points is not None for case in cases):
        return (), []
    members: dict[str, list[PackageCase]] = {}
    for test, case in zip(testset.findall("tests/test"), cases):
        members.setdefault(test.get("group") or "", []).append(case)
    groups, notes = [], []
    for element in testset.findall("groups/group"):
        name = element.get("name", "")
        own = members.get(name, [])
        summed = sum((case.points or 0.0 for case in own), 0.0)
        group = _group(element, name, summed, tuple(case.name for case in own), where)
        if group.complete and element.get("points") is not None and group.points != summed:
            notes.append(
                f'group {name}: its points="{element.get("points")}" are read, though its '
                f"tests' points sum to {summed:g}"
            )
        groups.append(group)
    _check_dependencies(groups, where)
    return tuple(groups), notes


def _group(
    element: ElementTree.Element, name: str, summed: float, tests: tuple, where: str
) -> PointGroup:
    """One ``<group>`` read: its policy, points (``summed`` without its own) and dependencies."""
    policy = element.get("points-policy") or "each-test"
    if policy not in POLICIES:
        raise BuildError(
            f'{where}: group {name}: points-policy="{policy}" is neither complete-group nor '
            "each-test"
        )
    given = element.get("points")
    said = f'group {name}: points="{given}"'
    points = summed if given is None else number_of_points(given, said, where)
    needs = tuple(d.get("group", "") for d in element.findall("dependencies/dependency"))
    return PointGroup(name, policy == "complete-group", points, needs, tests)


def number_of_points(text: str, said: str, where: str) -> float:
    """A group's or a test's points (``32.0``); a one-line error naming them as ``said``
    (``group s1: points="lots"``) when they are no finite number."""
    try:
        points = float(text.strip())
    except ValueError:
        points = math.nan
    if not math.isfinite(points):
        raise BuildError(f"{where}: {said}: not a number of points")
    return points


def _check_dependencies(groups: list[PointGroup], where: str) -> None:
    """A one-line error when a dependency names no group, or groups depend on each other in a
    cycle."""
    named = {group.name: group for group in groups}
    for group in groups:
        unknown = [need for need in group.dependencies if need not in named]
        if unknown:
            raise BuildError(
                f'{where}: group {group.name}: <dependency group="{unknown[0]}">: no such group'
            )
    done: set[str] = set()
    for group in groups:
        path: list[str] = []
        _walk(group.name, named, path, done, where)


def _walk(name: str, named: dict, path: list[str], done: set[str], where: str) -> None:
    """Every group ``name`` depends on, walked depth first; a one-line error on a cycle."""
    if name in done:
        return
    if name in path:
        cycle = " -> ".join([*path[path.index(name) :], name])
        raise BuildError(f"{where}: groups depend on each other in a cycle: {cycle}")
    path.append(name)
    for need in named[name].dependencies:
        _walk(need, named, path, done, where)
    path.pop()
    done.add(name)
