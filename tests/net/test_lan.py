"""Discovery on a real, virtual LAN: two network namespaces joined by a veth pair, made by this test
(root and ``ip`` needed; skipped with the reason otherwise). A host in one announces its table with
discovery.py's Announcer (zeroconf); a guest in the other finds it with the TableFinder, with its
address on that LAN, and joins it with the code to play the game to its end. Nothing runs on the
machine's own network: both sides run by ``ip netns exec`` in the test's namespaces (checked), and
the namespaces, with their link, are deleted at the end. Every wait is bounded."""
import json
import os
import queue
import secrets
import shutil
import subprocess
import sys
import threading
from importlib.util import find_spec
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 60.0
HOST_IP, GUEST_IP = "10.77.0.1", "10.77.0.2"


def ip(*args, check=True):
    return subprocess.run(["ip", *args], capture_output=True, text=True, timeout=10, check=check)


def why_not() -> str | None:
    if not sys.platform.startswith("linux"):
        return "network namespaces are Linux's"
    if os.geteuid() != 0:
        return "making network namespaces needs root"
    if shutil.which("ip") is None:
        return "the ip command (iproute2) is not installed"
    if find_spec("zeroconf") is None:
        return "zeroconf is not installed"
    return None


@pytest.fixture
def lan():
    """Two namespaces and a veth pair between them: (host's namespace, guest's namespace)."""
    reason = why_not()
    if reason:
        pytest.skip(reason)
    tag = f"{os.getpid() % 100000}{secrets.token_hex(2)}"
    a, b = f"anth{tag}a", f"anth{tag}b"
    made = []
    try:
        for ns in (a, b):
            r = ip("netns", "add", ns, check=False)
            if r.returncode != 0:
                pytest.skip(f"cannot make a network namespace here ({r.stderr.strip() or r.returncode})")
            made.append(ns)
        va, vb = f"av{tag}"[:15], f"bv{tag}"[:15]
        r = ip("link", "add", va, "netns", a, "type", "veth", "peer", "name", vb, "netns", b, check=False)
        if r.returncode != 0:
            pytest.skip(f"cannot make a veth pair here ({r.stderr.strip() or r.returncode})")
        for ns, dev, addr in ((a, va, HOST_IP), (b, vb, GUEST_IP)):
            for step in (("addr", "add", f"{addr}/24", "dev", dev), ("link", "set", "lo", "up"),
                         ("link", "set", dev, "up"),
                         ("route", "add", "224.0.0.0/4", "dev", dev)):      # mDNS goes out on the veth
                r = ip("-n", ns, *step, check=False)
                if r.returncode != 0:
                    pytest.skip(f"cannot set up the namespace's link ({r.stderr.strip() or r.returncode})")
            r = subprocess.run(["ip", "netns", "exec", ns, "true"], capture_output=True, text=True, timeout=10)
            if r.returncode != 0:
                pytest.skip(f"cannot run a program in a network namespace here ({r.stderr.strip() or r.returncode})")
        yield a, b
    finally:
        for ns in made:
            ip("netns", "del", ns, check=False)


def child(ns, *args):
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYGAME_HIDE_SUPPORT_PROMPT="1")
    for key in ("PYTEST_CURRENT_TEST", "http_proxy", "https_proxy", "all_proxy", "HTTP_PROXY", "HTTPS_PROXY",
                "ALL_PROXY"):
        env.pop(key, None)
    return subprocess.Popen(["ip", "netns", "exec", ns, sys.executable, "-m", "tests.net.lan_child", *args],
                            cwd=ROOT, env=env, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            stdin=subprocess.DEVNULL)


def lines(proc):
    """A queue of the JSON lines a child prints (read in a thread: every wait on it is bounded)."""
    q = queue.Queue()

    def read():
        for line in proc.stdout:
            try:
                q.put(json.loads(line))
            except ValueError:
                pass
        q.put(None)
    threading.Thread(target=read, daemon=True).start()
    return q


def take(q, key, timeout=LIMIT):
    while True:
        msg = q.get(timeout=timeout)
        if msg is None:
            raise AssertionError(f"the child ended before it said {key!r}")
        if key in msg:
            return msg


def test_a_table_announced_on_one_side_of_a_virtual_lan_is_found_and_joined_from_the_other(lan):
    a, b = lan
    ours = os.readlink("/proc/self/ns/net")
    procs = []
    try:
        host = child(a, "host", HOST_IP, str(LIMIT))
        procs.append(host)
        hq = lines(host)
        host_ns = take(hq, "ns")["ns"]
        assert host_ns != ours                                # announcing inside the test's namespace only
        ready = take(hq, "port")
        assert ready["registered"], ready
        guest = child(b, "join", ready["code"], str(LIMIT))
        procs.append(guest)
        gq = lines(guest)
        assert take(gq, "ns")["ns"] not in (ours, host_ns)    # looking from the other one
        found = take(gq, "tables")
        assert found["tables"] == [["micropolis", "Ann", f"ws://{HOST_IP}:{ready['port']}"]], found
        over = take(gq, "over")
        assert over["over"] and over["winners"]
        end = take(hq, "status")
        assert end["status"] == "over" and end["decisions"] > 0
        for p in procs:
            assert p.wait(timeout=LIMIT) == 0, p.stderr.read()
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait(timeout=10)
