"""A patch of an SDK internal is installed once per process, however many threads ask at once."""

from __future__ import annotations

import threading
import time

from groundgate.judges.once import once


def test_an_installer_runs_once_however_many_threads_ask() -> None:
    runs: list[int] = []

    @once
    def install() -> bool:
        runs.append(1)
        time.sleep(0.01)  # long enough for the other threads to arrive while it runs
        return True

    threads = [threading.Thread(target=install) for _ in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert install() is True
    assert runs == [1]


def test_an_installer_that_found_nothing_is_tried_again() -> None:
    found = iter([False, True])
    runs: list[int] = []

    @once
    def install() -> bool:
        runs.append(1)
        return next(found)

    assert install() is False
    assert install() is True
    assert install() is True
    assert len(runs) == 2
