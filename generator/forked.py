"""Work done in a forked child process, its result sent back pickled over a pipe.

Used where a big piece of checking can run beside this process's own (``pnp validate``'s games, a big
game's other languages): the child inherits everything already loaded, so nothing is loaded twice. A child
that fails — an exception, a result that cannot be pickled, a crash — sends nothing usable: the caller
gets its ``default`` and does the work itself, so a bug surfaces in this process as in a serial run."""
from __future__ import annotations

import os
import pickle
from collections.abc import Callable
from typing import Any


_SHARING: list[bool] = []  # set in a worker of a pool that already keeps every CPU busy


def sharing_cpus() -> None:
    """Mark this process as one of a pool's workers: the pool uses the CPUs, so no child for a spare one."""
    _SHARING.append(True)


def can_fork(spare_cpu: bool = False) -> bool:
    """Whether this process may fork: not with other threads running (their locks would be copied held);
    ``spare_cpu``: and only when a child would have a CPU of its own."""
    import threading

    return (hasattr(os, "fork") and threading.active_count() == 1
            and (not spare_cpu or ((os.cpu_count() or 1) > 1 and not _SHARING)))


def in_child(work: Callable[[], Any]) -> Callable[..., Any]:
    """Start ``work()`` in a forked child; returns ``wait(default=None)``, which reaps the child and gives
    its result, or ``default`` when it failed. Call ``wait`` exactly once."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: work, send the result, leave without running any exit handler
        code = 1
        try:
            os.close(read)
            payload = pickle.dumps(work())
            with os.fdopen(write, "wb") as out:
                out.write(payload)
            code = 0
        finally:
            os._exit(code)
    os.close(write)

    def wait(default: Any = None) -> Any:
        with os.fdopen(read, "rb") as pipe:
            payload = pipe.read()
        _, status = os.waitpid(pid, 0)
        if status == 0:
            try:
                return pickle.loads(payload)
            except (pickle.UnpicklingError, EOFError, ValueError):
                pass
        return default

    return wait
