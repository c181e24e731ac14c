"""Stage 5: every case run as the judge runs it, and the judge's verdict on it.

- ``cases``      the stage: every case under every target, failures in the author's terms
- ``process``    one whole-process run: time, peak memory, output cap, stack, kill at a timeout
- ``limits``     the limits a run is held to and the one rule for each (time, memory, output)
- ``schedule``   which runs a check makes: verdicts side by side, the times that matter alone
- ``verdicts``   the judges' verdicts (ok, WA, PE, TLE, MLE, OLE, RE, JE) and their messages
- ``interact``   a solution played against the problem's own interactor
- ``forbidden``  what a judge forbids (file-system writes, new processes), refused in a run
- ``input_validators``  a package's input validators run on one input (verify's, stress's)
"""
