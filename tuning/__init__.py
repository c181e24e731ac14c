"""Offline tools that produce the tables of the Lines of Action bot: self-play games
(``tuning.selfplay``) and the fit of the move prior of shared/loa_policy.py to them
(``tuning.policy_fit``). Not part of any bundle."""
