"""Processes for the integration tests: a Temporal development server on a free loopback
port, remo-geom-worker processes, and a client with the test workflows registered."""
import asyncio
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

from temporalio.api.enums.v1 import PendingActivityState
from temporalio.client import Client
from temporalio.worker import Worker

import workflows

HERE = os.path.dirname(os.path.abspath(__file__))
WORKER_PACKAGE = os.path.dirname(os.path.dirname(HERE))
ROOT = os.path.dirname(WORKER_PACKAGE)
WORKER = os.environ.get("REMO_WORKER", os.path.join(WORKER_PACKAGE, ".build", "debug", "remo-geom-worker"))
CLI = os.environ.get("REMO_GEOM", os.path.join(ROOT, ".build", "debug", "remo-geom"))
TEMPORAL = os.path.join(os.path.dirname(sys.executable), "temporal")
WORKFLOW_QUEUE = "remo-geom-tests"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class DevServer:
    """`temporal server start-dev` on loopback, every port chosen free."""

    def __init__(self, port=None):
        self.port = port or free_port()
        self.process = None

    def start(self):
        self.log = open(os.path.join(tempfile.gettempdir(), f"temporal-{self.port}.log"), "ab")
        self.process = subprocess.Popen(
            [TEMPORAL, "server", "start-dev", "--ip", "127.0.0.1", "--port", str(self.port), "--headless",
             "--http-port", str(free_port()), "--metrics-port", str(free_port()), "--log-level", "error"],
            stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                return self
            time.sleep(0.05)
        raise RuntimeError(f"the Temporal dev server did not listen on {self.port}")

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process:
            self.log.close()

    @property
    def address(self):
        return f"127.0.0.1:{self.port}"


class WorkerProcess:
    """One remo-geom-worker, its standard error kept in a file."""

    def __init__(self, server, files_root, concurrency=2, name="worker", arguments=()):
        self.log_path = os.path.join(files_root, f".{name}-{os.getpid()}-{time.monotonic_ns()}.log")
        self.log = open(self.log_path, "wb")
        self.process = subprocess.Popen(
            [WORKER, "--temporal", server.address, "--files-root", files_root, "--concurrency", str(concurrency),
             "--identity", name, *arguments],
            stdout=self.log, stderr=subprocess.STDOUT)

    def stderr(self):
        with open(self.log_path, encoding="utf-8", errors="replace") as f:
            return f.read()

    def terminate(self, timeout=60):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        status = self.process.wait(timeout)
        self.log.close()
        return status

    def pause(self):
        """Freezes the worker (SIGSTOP): it holds what it holds and completes nothing."""
        self.process.send_signal(signal.SIGSTOP)

    def resume(self):
        self.process.send_signal(signal.SIGCONT)

    def kill(self):
        self.process.kill()
        self.process.wait()
        self.log.close()

    def children(self):
        """The worker's live child processes (its image jobs' processes), by pid."""
        found = []
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                fields = _stat(entry)
                if fields and int(fields[1]) == self.process.pid:
                    found.append(int(entry))
        return found

    def cpu_seconds(self):
        """User plus system time so far of the worker and of its image jobs' processes, from
        /proc: its own, its finished children's, and its live children's."""
        total = 0
        for pid in [self.process.pid] + self.children():
            fields = _stat(pid)
            if fields:
                total += sum(int(fields[k]) for k in (11, 12, 13, 14))
        return total / os.sysconf("SC_CLK_TCK")


def _stat(pid):
    """The fields of /proc/PID/stat after the command's name (state first), or None."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None


async def until_idle(worker, timeout, quiet=0.05, window=1.0):
    """Waits until the worker uses under `quiet` s of CPU in `window` s; False after `timeout` s."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        before = worker.cpu_seconds()
        await asyncio.sleep(window)
        if worker.cpu_seconds() - before < quiet:
            return True
    return False


def clean_up(root, server, *workers):
    """Kills the workers still running, stops the server and removes the files root."""
    for worker in workers:
        if worker.process.poll() is None:
            worker.kill()
    server.stop()
    shutil.rmtree(root, ignore_errors=True)


async def connect(server):
    for _ in range(100):
        try:
            return await Client.connect(server.address)
        except Exception:  # noqa: BLE001 - the server is still starting
            await asyncio.sleep(0.1)
    return await Client.connect(server.address)


@contextlib.asynccontextmanager
async def workflow_worker(client):
    async with Worker(client, task_queue=WORKFLOW_QUEUE,
                      workflows=[workflows.RunActivities, workflows.CancelActivity, workflows.FanOut]):
        yield


async def run_calls(client, calls, workflow_id=None):
    """Runs a RunActivities workflow over `calls`; returns (answers, handle)."""
    handle = await client.start_workflow(
        workflows.RunActivities.run, calls, id=workflow_id or f"calls-{time.monotonic_ns()}",
        task_queue=WORKFLOW_QUEUE)
    return await handle.result(), handle


async def activities_held(handles, identity):
    """How many activities of the workflows a worker of that identity has started and not
    yet answered, as the server sees it."""
    held = 0
    for handle in handles:
        description = (await handle.describe()).raw_description
        held += sum(1 for activity in description.pending_activities
                    if activity.state == PendingActivityState.PENDING_ACTIVITY_STATE_STARTED
                    and activity.last_worker_identity == identity)
    return held


async def activity_attempts(handle):
    """The attempt number of every activity start in the workflow's history."""
    attempts = []
    async for event in handle.fetch_history_events():
        if event.HasField("activity_task_started_event_attributes"):
            attempts.append(event.activity_task_started_event_attributes.attempt)
    return attempts


def cli(*args, check=True):
    """The remo-geom command line's standard output for the same job."""
    out = subprocess.run([CLI, *args], capture_output=True, text=True)
    if check and out.returncode not in (0, 1):
        raise RuntimeError(f"remo-geom {' '.join(args)}: exit {out.returncode}: {out.stderr}")
    return out.stdout
