"""Offline tools for the Lines of Action bot, never bundled: self-play games (``tuning.selfplay``)
and the fit of the move prior of shared/loa_policy.py to them (``tuning.policy_fit``), the
opening book (``tuning.opening_book``), the evaluation fitted to an engine's scores
(``tuning.eval_fit``), what a side's piece count is worth beyond the evaluation, fitted to who
won logged games, or every weight so fitted (``tuning.outcome_fit``), weight sets compared at a
fixed depth (``tuning.depth_match``) and the search's fixed-depth speed
(``tuning.search_speed``)."""
