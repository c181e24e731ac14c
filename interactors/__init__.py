"""Interactors of this checkout's interactive problems, each run by the build as a program
(``interactor = "interactors/<slug>.py"`` in problems.toml)."""
