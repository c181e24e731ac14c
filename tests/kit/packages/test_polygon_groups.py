"""kit.packages.polygon_groups: a Polygon scoring problem's test groups read from problem.xml's
``<groups>``: each one's policy, points (its own, else its tests' sum), dependencies and tests;
none where the tests carry no points; a group's points other than its tests' sum noted; a
policy, points, dependency or cycle that cannot be is a one-line error."""

from pathlib import Path
from xml.etree import ElementTree

import pytest

from kit.errors import BuildError
from kit.packages.model import PackageCase, PointGroup
from kit.packages.polygon_groups import number_of_points, point_groups

# Attack-Plan's (cloud1204/Attack-Plan, problem.xml), its tests cut to five
ATTACK_PLAN = """
<testset name="tests">
    <tests>
        <test group="example" method="manual" points="0.0" sample="true"/>
        <test group="s1" points="32.0"/>
        <test group="s1" points="0.0"/>
        <test group="s4" points="24.0"/>
        <test points="5.0"/>
    </tests>
    <groups>
        <group feedback-policy="icpc" name="example" points="0.0" points-policy="complete-group"/>
        <group feedback-policy="icpc" name="s1" points="32.0" points-policy="complete-group"/>
        <group feedback-policy="icpc" name="s4" points-policy="complete-group">
            <dependencies>
                <dependency group="example"/>
                <dependency group="s1"/>
            </dependencies>
        </group>
        <group name="loose"/>
    </groups>
</testset>
"""


def read(xml, points=(0.0, 32.0, 0.0, 24.0, 5.0)):
    cases = [
        PackageCase(f"tests/{n:02d}", Path(f"/p/tests/{n:02d}"), None, "secret", points=p)
        for n, p in enumerate(points, 1)
    ]
    return point_groups(ElementTree.fromstring(xml), cases, "p/problem.xml")


def test_groups_give_their_policy_points_dependencies_and_tests():
    groups, notes = read(ATTACK_PLAN)
    assert groups == (
        PointGroup("example", True, 0.0, (), ("tests/01",)),
        PointGroup("s1", True, 32.0, (), ("tests/02", "tests/03")),
        PointGroup("s4", True, 24.0, ("example", "s1"), ("tests/04",)),  # its tests' sum
        PointGroup("loose", False, 0.0, (), ()),  # no policy: each test its own points
    )
    assert notes == []
    assert read(ATTACK_PLAN, points=(None,) * 5) == ((), [])  # a pass/fail problem: none


def test_a_complete_group_s_points_other_than_its_tests_sum_are_read_and_noted():
    groups, notes = read(
        ATTACK_PLAN.replace('points="32.0" points-policy', 'points="40" points-policy')
    )
    assert groups[1].points == 40.0
    assert notes == ['group s1: its points="40" are read, though its tests\' points sum to 32']


@pytest.mark.parametrize(
    ("old", "new", "error"),
    [
        (
            'name="s1" points="32.0" points-policy="complete-group"',
            'name="s1" points-policy="all-or-nothing"',
            'group s1: points-policy="all-or-nothing" is neither complete-group nor each-test',
        ),
        (
            'points="32.0" points-policy',
            'points="lots" points-policy',
            'group s1: points="lots": not a number of points$',
        ),
        (
            'points="32.0" points-policy',
            'points="inf" points-policy',
            'group s1: points="inf": not a number of points$',
        ),
        (
            '<dependency group="s1"/>',
            '<dependency group="s9"/>',
            'group s4: <dependency group="s9">: no such group',
        ),
        (
            'name="example" points="0.0" points-policy="complete-group"/>',
            'name="example" points="0.0" points-policy="complete-group">'
            '<dependencies><dependency group="s4"/></dependencies></group>',
            "groups depend on each other in a cycle: example -> s4 -> example",
        ),
    ],
)
def test_a_group_that_cannot_be_is_a_one_line_error(old, new, error):
    xml = ATTACK_PLAN.replace(old, new)
    assert xml != ATTACK_PLAN
    with pytest.raises(BuildError, match="^p/problem.xml: " + error.replace("(", r"\(")):
        read(xml)


@pytest.mark.parametrize("text", ["lots", "", "nan", "-inf", "1e999"])
def test_points_that_are_no_finite_number_are_one_line_error_for_groups_and_tests_alike(text):
    """One reader of points, for a group's and (kit.packages.polygon) a test's: the error names
    them as its caller says."""
    assert number_of_points(" 32.5 ", "group s1", "p") == 32.5
    with pytest.raises(BuildError, match=r"^p/problem.xml: test 2: <x>: not a number of points$"):
        number_of_points(text, "test 2: <x>", "p/problem.xml")
