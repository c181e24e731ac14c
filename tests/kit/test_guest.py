"""kit.guest: ``os._exit`` in the workspace's code run by the kit raises in that thread alone."""

import os
import threading

import pytest

from kit import guest
from tests.process_support import kit_ended


def test_os_exit_raises_in_a_guest_thread_and_passes_through_elsewhere(monkeypatch):
    ended = []
    monkeypatch.setattr(os, "_exit", kit_ended)
    monkeypatch.setattr(guest, "_REAL_EXIT", ended.append)
    with pytest.raises(guest.HardExit) as error, guest.guest():
        other = threading.Thread(target=os._exit, args=(5,))  # not a guest: the real exit
        other.start()
        other.join()
        os._exit(3)
    assert error.value.code == 3 and ended == [5]
    os._exit(6)  # this thread is no guest any more
    assert ended == [5, 6]


def test_a_nested_guest_keeps_the_thread_a_guest_until_the_outer_one_ends(monkeypatch):
    monkeypatch.setattr(os, "_exit", kit_ended)
    with guest.guest():
        with guest.guest():
            pass
        with pytest.raises(guest.HardExit):
            os._exit(1)


def test_exit_call_names_the_call():
    assert guest.exit_call(SystemExit("gave up")) == "sys.exit('gave up')"
    assert guest.exit_call(guest.HardExit(0)) == "os._exit(0)"
