"""Toy Echo's interactor: sends each line of the secret input (argv[1]) to the solution and
expects the same line back; exit 0 accepts, 1 is a wrong answer (testlib's statuses)."""

import sys


def main() -> int:
    with open(sys.argv[1]) as secret:
        lines = secret.read().splitlines()
    for number, line in enumerate(lines, 1):
        print(line, flush=True)
        got = sys.stdin.readline().rstrip("\n")
        if got != line:
            print(f"line {number}: sent {line!r}, got {got!r}", file=sys.stderr)
            return 1
    print(f"{len(lines)} lines echoed", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
