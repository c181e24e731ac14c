"""Stage 5: every case run as the judge runs it, and the judge's verdict on it.

The stage:

- ``cases``      the stage: every case under every target, failures in the author's terms
- ``schedule``   which runs a check makes: verdicts side by side, the times that matter alone
- ``thread_judges`` one ``CaseJudge`` per thread of a check, each with an empty folder of its own
- ``case_judge`` one case run and judged under one runner as the problem's judge does it
- ``problem_judges`` the comparator and interactor a problem's runs are judged with, made
                 ready once (a C/C++ one compiled), given the time and memory its package gives
- ``judged``     how a judge starts a bundle: the command for one problem under one interpreter
- ``compile_step`` the run of a bundle a judge makes before its cases (AtCoder's compile step)
- ``run_folder`` the folder a run starts in, holding only the files it is given, and the
                 script's own fresh folder; both emptied after it
- ``input_validators``  a package's input validators run on one input (verify's, stress's)

One run and its limits:

- ``process``    one whole-process run: time, peak memory, output cap, stack, kill at a timeout
- ``limits``     the limits a run is held to and the one rule for each (time, memory, output)
- ``baseline``   an interpreter's own footprint (an empty script's peak memory), which judges
                 that count memory above it subtract
- ``machine_memory`` the memory this machine gives its processes at most (a control group's)
- ``clock_reads`` whether a bundle reads the wall clock or a monotonic clock (a static scan)
- ``forbidden``  what a judge forbids (file-system writes, new processes), refused in a run
- ``verdicts``   the judges' verdicts (ok, WA, PE, TLE, MLE, OLE, RE, JE) and their messages
- ``judge_words`` a verdict as the problem's judge tells it: its own words, a verdict it does
                 not have as the one it gives instead
- ``limit_warnings`` the warnings a passing run gets near its time and memory limits

Games (interactive problems):

- ``interact``   a solution played against the problem's own interactor
- ``game_processes`` the game's two programs: started, relayed between, reaped, killed
- ``game_relay`` each side's output passed on to the other as it arrives, and recorded
- ``game_transcript`` the last lines each direction carried, shown with a failure
- ``game_deadline`` when a game's solution is killed for the time, with its allowances
- ``relay_cost`` what the relay costs this machine for each chunk it passes on, measured once
- ``game_verdicts`` a game's verdict, read from how its two sides ended
- ``joined_game`` a game played with its two programs' pipes joined, no relay between

Failures in the author's terms:

- ``tracebacks`` a failing run's stderr told in the author's terms
- ``failure_hints`` the hints (``hint:`` lines) a failure is given for usual mistakes
- ``float_answers`` the hint for numbers close to the answer's under an exact comparison
- ``letter_case`` the hint for an answer but for the case of its ASCII letters
- ``unicode_forms`` the hint for an answer but for its Unicode normalisation (NFC, NFD)
- ``stray_print`` the hint for a debugging ``print`` left in the solution or a helper
- ``uncalled_main`` the hint for no output from a solution that runs nothing (``main()``
                 never called)
"""
