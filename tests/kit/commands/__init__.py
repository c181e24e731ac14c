"""Tests of ``kit.commands``, one module per module of ``kit/commands/``."""
