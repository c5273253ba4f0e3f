# zygote.py - the lab's torch starter: one Python process that has imported torch once, and starts every
# mini-app rank and torchrun agent of the lab's jobs as a fork of itself (test lab only; root).
#
# Why: a verification run on the lab starts a torch process per rank plus one torchrun agent per node (10 for
# 2 nodes x 4 GPUs, 26 on Aurora's 2 x 12 tiles), and each `import torch` costs ~1.2 s of CPU (torch._C's
# libraries, then ~2,000 Python modules): on a 2-core machine the imports were most of every run's time.
#
#   python3 zygote.py serve SOCKET PIDFILE    (lab.sh up starts it; lab.sh down stops it)
#
# The client side is `handoff()`, called by py311shim/sitecustomize.py at the start of every Python the
# lab's jobs run (PYTHONPATH), when MAPLE_LAB_ZYGOTE names the socket and the program is the mini-app
# (`python maple_miniapp.py ...`), torchrun (`torchrun ...`, `python -m torch.distributed.run ...`) or the
# environment check of maple's scripts (`python3 -c 'import torch[, deepspeed]'`).
# The client sends its argv, environment, working directory, umask and descriptors 0-2 (SCM_RIGHTS); the
# zygote forks a handler for it, which forks the worker: the worker enters the client's network, UTS and
# mount namespaces (the lab node's address, hostname and /etc/hosts), takes its directory, environment,
# descriptors and argv, and runs the program as `python PROGRAM` would. The client stays the process the
# launcher (srun, torchrun, hydra) started and waits for it: it forwards every catchable signal to the
# worker and exits with the worker's status (or dies of the worker's signal); when the client dies (SIGKILL
# at scancel), the handler kills the worker's process group. Anything unusual - no zygote, another python,
# another PYTHONPATH, a closed descriptor - and the client simply goes on as a normal Python start.
# MAPLE_LAB_ZYGOTE= (empty, in the client's environment) or MAPLE_LAB_NO_ZYGOTE=1 (for `lab.sh up`) turns it off.
import json
import os
import re
import select
import signal
import socket
import struct
import sys

PROGRAMS = ("maple_miniapp.py", "torchrun")
MODULES = ("torch.distributed.run", "torch.distributed.launch")
FORWARDED = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGQUIT, signal.SIGUSR1, signal.SIGUSR2,
             signal.SIGALRM, signal.SIGCONT)


def _recv_exact(sock, n):
    buf = b""
    while len(buf) < n:
        chunk = sock.recv(n - len(buf))
        if not chunk:
            raise EOFError("connection closed")
        buf += chunk
    return buf


# ------------------------------------------------------------------ client (in the job's python)

def _program():
    """('path', PATH) or ('module', NAME) when this interpreter is about to run a program the zygote serves."""
    argv = sys.argv
    if not argv:
        return None
    if argv[0] == "-c":  # the job's environment check: python3 -c 'import torch[, deepspeed]'
        orig = getattr(sys, "orig_argv", [])
        if "-c" in orig:
            i = orig.index("-c")
            if i + 1 < len(orig) and re.match(r"import torch\b", orig[i + 1]):
                return ("code", orig[i + 1])
        return None
    if argv[0] == "-m":
        orig = getattr(sys, "orig_argv", [])
        if "-m" in orig:
            i = orig.index("-m")
            if i + 1 < len(orig) and orig[i + 1] in MODULES:
                return ("module", orig[i + 1])
        return None
    if os.path.basename(argv[0]) in PROGRAMS and os.path.isfile(argv[0]):
        return ("path", os.path.abspath(argv[0]))
    return None


def handoff():
    """Runs this process's program in the zygote and exits with its status; returns when it cannot."""
    path = os.environ.get("MAPLE_LAB_ZYGOTE", "")
    prog = _program() if path else None
    if prog is None or sys.flags.isolated or sys.flags.no_site:
        return
    try:
        for fd in (0, 1, 2):
            os.fstat(fd)
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(path)
    except OSError:
        return
    umask = os.umask(0o22)
    os.umask(umask)
    req = json.dumps({"kind": prog[0], "program": prog[1], "argv": sys.argv, "env": dict(os.environ),
                      "cwd": os.getcwd(), "umask": umask, "executable": os.path.realpath(sys.executable),
                      "pythonpath": os.environ.get("PYTHONPATH", ""), "unbuffered": bool(getattr(sys.stdout, "write_through", False))}).encode()
    try:
        socket.send_fds(sock, [struct.pack("!Q", len(req))], [0, 1, 2])
        sock.sendall(req)
        f = sock.makefile("rb")
        answer = f.readline().decode().split()
    except OSError:
        return
    if answer[:1] != ["ok"]:
        sock.close()
        return  # refused (another python, another PYTHONPATH): a normal start

    def forward(signum, _frame):
        try:
            sock.sendall(f"sig {signum}\n".encode())
        except OSError:
            pass

    for s in FORWARDED:
        signal.signal(s, forward)
    line = b""
    while True:
        try:
            line = f.readline()
        except InterruptedError:
            continue
        break
    sys.stdout.flush()
    words = line.decode().split()
    if len(words) == 2 and words[0] == "signal":
        n = int(words[1])
        signal.signal(n, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, [n])
        os.kill(os.getpid(), n)
        os._exit(128 + n)
    os._exit(int(words[1]) if len(words) == 2 and words[0] == "exit" else 1)


# ------------------------------------------------------------------ worker (a fork of the zygote)

def _setns(fd):
    import ctypes
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.setns(fd, 0) != 0:
        e = ctypes.get_errno()
        raise OSError(e, os.strerror(e))


def _worker(req, fds, nsfds):
    """Becomes the client's program; never returns."""
    code = 1
    try:
        os.setpgid(0, 0)
        for i, fd in enumerate(fds):
            os.dup2(fd, i)
            os.close(fd)
        for fd in nsfds:  # net, uts, then mnt (which also resets the root and the directory)
            _setns(fd)
            os.close(fd)
        os.chdir(req["cwd"])
        os.umask(req["umask"])
        os.environ.clear()
        os.environ.update(req["env"])
        import io
        import random
        random.seed()
        wt = bool(req["unbuffered"])
        sys.stdin = io.TextIOWrapper(io.FileIO(0, "r", closefd=False))
        sys.stdout = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), write_through=wt, line_buffering=not wt)
        sys.stderr = io.TextIOWrapper(io.FileIO(2, "w", closefd=False), write_through=True,
                                      errors="backslashreplace")
        threads = os.environ.get("OMP_NUM_THREADS", "")
        if threads.isdigit() and int(threads) > 0:
            import torch
            torch.set_num_threads(int(threads))
        sys.argv = list(req["argv"])
        import runpy
        if req["kind"] == "code":
            sys.path[0] = ""
            import builtins
            exec(compile(req["program"], "<string>", "exec"), {"__name__": "__main__", "__builtins__": builtins})
        elif req["kind"] == "module":
            sys.path[0] = req["cwd"]
            sys.argv[0] = req["program"]
            runpy.run_module(req["program"], run_name="__main__", alter_sys=True)
        else:
            sys.path[0] = os.path.dirname(req["program"])
            runpy.run_path(req["program"], run_name="__main__")
        code = 0
    except SystemExit as e:
        if e.code is None:
            code = 0
        elif isinstance(e.code, int):
            code = e.code & 0xFF
        else:
            sys.stderr.write(f"{e.code}\n")
            code = 1
    except KeyboardInterrupt:
        code = -signal.SIGINT
    except BaseException:  # noqa: BLE001  as the interpreter would: the traceback, exit 1
        import traceback
        traceback.print_exc()
        code = 1
    try:
        import threading
        threading._shutdown()  # as at interpreter exit: wait for the program's non-daemon threads
        import atexit
        atexit._run_exitfuncs()
        sys.stdout.flush()
        sys.stderr.flush()
    except BaseException:  # noqa: BLE001
        pass
    if code < 0:
        signal.signal(-code, signal.SIG_DFL)
        os.kill(os.getpid(), -code)
    os._exit(code)


def _handle(conn, pythonpath):
    """One client, in a fork of the zygote: starts the worker, relays signals and its status."""
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    try:
        head, fds, _flags, _addr = socket.recv_fds(conn, 8, 3)
        if len(head) != 8 or len(fds) != 3:
            raise EOFError("short request")
        req = json.loads(_recv_exact(conn, struct.unpack("!Q", head)[0]))
        pid, _uid, _gid = struct.unpack("3i", conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, 12))
        why = None
        if req.get("kind") not in ("path", "module", "code"):
            why = "an unknown kind of program"
        elif req["executable"] != os.path.realpath(sys.executable):
            why = "another python"
        elif req["pythonpath"] != pythonpath:
            why = "another PYTHONPATH"
        if why:
            conn.sendall(f"no {why}\n".encode())
            os._exit(0)
        nsfds = []
        for ns in ("net", "uts", "mnt"):
            if os.stat(f"/proc/{pid}/ns/{ns}").st_ino != os.stat(f"/proc/self/ns/{ns}").st_ino:
                nsfds.append(os.open(f"/proc/{pid}/ns/{ns}", os.O_RDONLY))
    except (OSError, EOFError, ValueError, KeyError):
        os._exit(0)
    conn.sendall(b"ok\n")
    try:  # one line per process served (lab_e2e checks that the starter was used)
        sys.stderr.write(f"zygote: served pid {pid}: {req['kind']} {os.path.basename(req['program'])[:60]}\n")
        sys.stderr.flush()
    except OSError:
        pass
    child = os.fork()
    if child == 0:
        conn.close()
        _worker(req, fds, nsfds)
    for fd in fds + nsfds:
        os.close(fd)
    pidfd = os.pidfd_open(child)
    buf = b""
    while True:
        ready, _, _ = select.select([conn, pidfd], [], [])
        if pidfd in ready:
            _, status = os.waitpid(child, 0)
            msg = f"signal {os.WTERMSIG(status)}" if os.WIFSIGNALED(status) else f"exit {os.waitstatus_to_exitcode(status)}"
            try:
                conn.sendall((msg + "\n").encode())
            except OSError:
                pass
            os._exit(0)
        data = conn.recv(4096)
        if not data:  # the client is gone (killed): so is its program
            try:
                os.killpg(child, signal.SIGKILL)
            except OSError:
                pass
            os.waitpid(child, 0)
            os._exit(0)
        buf += data
        while b"\n" in buf:
            line, buf = buf.split(b"\n", 1)
            words = line.split()
            if len(words) == 2 and words[0] == b"sig":
                try:
                    os.kill(child, int(words[1]))
                except (OSError, ValueError):
                    pass


def serve(path, pidfile):
    import importlib.metadata  # noqa: F401  torchrun's entry point
    import torch  # noqa: F401
    import torch.distributed  # noqa: F401
    import torch.distributed.run  # noqa: F401
    import torch.nn.parallel  # noqa: F401
    try:
        import torch.distributed.fsdp  # noqa: F401  (py311shim patches it on import)
    except Exception as e:  # noqa: BLE001  the mini-app reports it itself
        sys.stderr.write(f"zygote: torch.distributed.fsdp not preloaded: {e}\n")
    pythonpath = os.environ.get("PYTHONPATH", "")
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # handlers are reaped by the kernel
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    srv.bind(path + ".new")
    os.chmod(path + ".new", 0o600)
    srv.listen(128)
    os.rename(path + ".new", path)  # clients see the socket only once it serves
    with open(pidfile, "w") as f:
        f.write(f"{os.getpid()}\n")
    sys.stderr.write(f"zygote: serving {path} (pid {os.getpid()}, {len(sys.modules)} modules loaded)\n")
    sys.stderr.flush()
    while True:
        conn, _ = srv.accept()
        if os.fork() == 0:
            srv.close()
            try:
                _handle(conn, pythonpath)
            finally:
                os._exit(0)
        conn.close()


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "serve":
        serve(sys.argv[2], sys.argv[3])
    else:
        sys.stderr.write("usage: python3 zygote.py serve SOCKET PIDFILE\n")
        sys.exit(2)
