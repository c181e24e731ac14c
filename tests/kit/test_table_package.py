"""kit.table_package: ``package = "PATH"`` in problems.toml fills a problem's table from the
package (the table's own keys win; a package's code limit is the source limit), and bad package
settings (a package or a testlib that is not there, samples beside a package's own) are
one-line errors; on the small packages of tests/fixtures/packages."""

import pytest

from kit.errors import BuildError
from kit.registry import load_registry
from tests.package_support import workspace


def test_a_package_fills_the_table_and_the_tables_own_keys_win(tmp_path):
    registry = workspace(
        tmp_path,
        """\
        [plain]
        package = "packages/kattis_sum"

        [mine]
        package = "packages/kattis_sum"
        time_limit = 3
        compare = "tokens"
        judge = "Codeforces"
        url = "https://open.kattis.com/problems/sumorimpossible"
        """,
    )
    plain, mine = registry["plain"], registry["mine"]
    assert (plain.title, plain.judge, plain.id, plain.kind) == (
        "Sum or Impossible",
        "Kattis",
        "kattis_sum",
        "batch",
    )
    assert (plain.time_limit, plain.memory_limit, plain.output_limit) == (1.0, 256, 8)
    assert plain.compare == "kattis" and [t.name for t in plain.targets] == ["pypy3.10"]
    assert (mine.time_limit, mine.compare, mine.judge) == (3.0, "tokens", "Codeforces")
    assert (plain.url, mine.url) == (None, "https://open.kattis.com/problems/sumorimpossible")


def test_a_package_s_code_limit_is_the_problem_s_source_limit(tmp_path):
    registry = workspace(tmp_path, '[plain]\npackage = "packages/kattis_sum"\n')
    assert registry["plain"].source_limit == 128 * 1024  # Kattis' profile: the format's default
    config = tmp_path / "ws" / "packages" / "kattis_sum" / "problem.yaml"
    config.write_text(config.read_text().replace("  memory: 256\n", "  memory: 256\n  code: 2\n"))
    assert load_registry(tmp_path / "ws")["plain"].source_limit == 2048


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ('package = "packages/none"', "package packages/none: no such folder or archive"),
        ('package = "packages/kattis_sum"\ntestlib = "nope.h"', "testlib nope.h does not exist"),
        ('package = "packages/kattis_sum"\nsamples = "t"',
         "samples = 't': a package's samples are its own"),
    ],
)  # fmt: skip
def test_bad_package_settings_are_one_line(tmp_path, table, message):
    with pytest.raises(BuildError) as caught:
        workspace(tmp_path, f"[x]\n{table}\n")
    line = 2 if message.startswith("package ") else 3  # the key's, after the table's header
    assert str(caught.value) == f"problems.toml:{line}: [x]: {message}"
