"""Where simulation tasks run: worker processes on this machine, or a Ray cluster.

A task is plain data (game, settings, agents, a range of game numbers and the master seed) and
so is its result, so a backend changes only the speed, never the numbers. ``simulate``,
``sweep``, ``tune``, ``report`` and ``conformance`` hand their tasks to one ``Backend``::

    with open_backend("ray", jobs=2) as backend:
        for result in backend.run(play_chunk, tasks):  # any order: sort by game number
            ...

Ray is an optional extra (``pip install -e '.[ray]'``): without it, ``open_backend("ray")``
raises a ConfigError naming the extra.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from rulebook.engine.errors import ConfigError, RulebookError
from rulebook.extras import missing_extra
from rulebook.i18n import _

T = TypeVar("T")
R = TypeVar("R")

BACKENDS = ("processes", "ray")
START_TRIES = 3
NICENESS = "RAY_worker_niceness"


class WorkerFailed(RulebookError):
    """A worker died (or its machine left the cluster) while running ``task``."""

    def __init__(self, task: Any, message: str) -> None:
        super().__init__(message)
        self.task = task


class Backend:
    """Runs a module-level function over tasks; yields each result as soon as it is done."""

    name = "processes"
    workers = 1

    def run(self, fn: Callable[[T], R], tasks: Sequence[T]) -> Iterator[R]:
        for task in tasks:
            yield fn(task)

    def close(self) -> None:
        """Free the workers (a backend can run many batches before it is closed)."""

    def __enter__(self) -> Backend:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class Processes(Backend):
    """``jobs`` spawned worker processes, started on first use and kept for later batches
    (a tuning run hands over one batch a trial)."""

    def __init__(self, jobs: int) -> None:
        self.workers = jobs
        self._pool: ProcessPoolExecutor | None = None

    def run(self, fn: Callable[[T], R], tasks: Sequence[T]) -> Iterator[R]:
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(self.workers, mp_context=context)
        futures: dict[Future[R], T] = {self._pool.submit(fn, task): task for task in tasks}
        try:
            for future in as_completed(futures):
                try:
                    result = future.result()
                except BrokenProcessPool as exc:
                    self.close()
                    raise WorkerFailed(
                        futures[future], _("a worker process died ({problem})", problem=exc)
                    ) from exc
                yield result
        finally:
            for future in futures:
                future.cancel()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None


class Ray(Backend):
    """Tasks on a Ray cluster: the one at ``address`` (``ray start --head`` printed it), or a
    local one with ``jobs`` CPUs. Each task takes one CPU."""

    name = "ray"

    def __init__(self, jobs: int, address: str | None) -> None:
        try:
            import ray
        except ImportError:
            raise ConfigError(missing_extra("--backend ray", "ray")) from None
        self._ray: Any = ray  # typed loosely: Ray's own hints vary between releases
        self._started = not self._ray.is_initialized()
        if self._started:
            self._init(jobs, address)
        self.workers = max(1, int(self._ray.cluster_resources().get("CPU", jobs)))
        self._remote: dict[Callable[..., Any], Any] = {}

    def _init(self, jobs: int, address: str | None) -> None:
        """Start or join Ray. Ray gives a new node 30 s to come up, which a busy machine can
        miss: three tries before one line says why."""
        options: dict[str, Any] = {"address": address} if address else {"num_cpus": jobs}
        if not address:
            # Ray starts its workers at niceness 15 (they are meant to yield to the driver), so
            # on a busy machine a local sweep starves behind everything else while processes do
            # not: a local Ray we start runs its workers at the driver's priority, as processes do.
            os.environ.setdefault(NICENESS, "0")
        for attempt in range(START_TRIES):
            try:
                self._ray.init(
                    **options,
                    include_dashboard=False,
                    log_to_driver=False,
                    logging_level=logging.ERROR,
                    configure_logging=True,
                )
                return
            except Exception as exc:  # Ray raises bare Exceptions (a start-up timeout)
                self._ray.shutdown()
                if attempt + 1 < START_TRIES:
                    continue
                text = str(exc).strip()
                first = text.splitlines()[0] if text else type(exc).__name__
                said = (
                    _("could not join Ray at {address}: {problem}", address=address, problem=first)
                    if address
                    else _("could not start Ray on this machine: {problem}", problem=first)
                )
                raise ConfigError(said) from None

    def run(self, fn: Callable[[T], R], tasks: Sequence[T]) -> Iterator[R]:
        ray = self._ray
        remote = self._remote.get(fn)
        if remote is None:
            remote = self._remote[fn] = ray.remote(num_cpus=1, max_retries=0)(fn)
        pending = {remote.remote(task): task for task in tasks}
        try:
            while pending:
                ready, _waiting = ray.wait(list(pending), num_returns=1)
                for ref in ready:
                    task = pending.pop(ref)
                    try:
                        result = ray.get(ref)
                    except ray.exceptions.RayError as exc:
                        first = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
                        raise WorkerFailed(
                            task, _("a Ray worker failed ({problem})", problem=first)
                        ) from exc
                    yield result
        finally:
            for ref in pending:
                with contextlib.suppress(Exception):
                    ray.cancel(ref, force=True)

    def close(self) -> None:
        if self._started and self._ray.is_initialized():
            self._ray.shutdown()
        self._started = False


def open_backend(name: str = "processes", jobs: int = 1, address: str | None = None) -> Backend:
    """The backend by name (``--backend``); ``address`` joins a running Ray cluster."""
    if name not in BACKENDS:
        raise ConfigError(
            _("unknown backend '{name}' (known: {known})", name=name, known=", ".join(BACKENDS))
        )
    if address and name != "ray":
        raise ConfigError(_("--address is for --backend ray (a running Ray cluster)"))
    if name == "ray":
        return Ray(jobs, address)
    return Processes(jobs) if jobs > 1 else Backend()
