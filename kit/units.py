"""Where a limit's number stops being one of the kit's units: a time limit this large (in
seconds) is almost surely written in milliseconds, or no limit at all; a memory limit this
large (in MiB) in KiB (judges print "65536 KB"). problems.toml, pages, Competitive
Companion's data and packages are held to the same bounds."""

MILLISECONDS_FROM = 100
KIB_FROM = 4096
