/**
 * The Python side of the sandbox, run as `python3 -I -B -c HARNESS <run id>` inside bubblewrap
 * (the boundary is bubblewrap's; nothing here is trusted to contain the code). Two processes:
 *
 * - The harness (pid 2 of the sandbox) reads the request from standard input (the model's source,
 *   the function's name, the calls), preloads the allowed modules, makes itself non-dumpable (so
 *   that the model's process, same uid, cannot ptrace it or read its memory), and forks the model's
 *   process. It alone holds fd 3, the results channel to the parent, and writes one JSON line there.
 * - The model's process closes fd 3, lowers RLIMIT_NPROC so that it can start no process or thread
 *   (with the sandbox's init and the harness it makes 3 tasks of its user namespace), defines the
 *   model's source and reports each call's value or exception to the harness over a pipe, one line
 *   per call. What it prints goes to the parent's capped stdout and is never read as a result.
 *
 * The harness accepts from the pipe only well-formed lines for the next call in order, so the model's
 * process can at most state values for its own calls (as its function could return them); calls it
 * did not report fail with how it ended (a results line printed by the code, then `os._exit`, gets
 * nothing).
 */
export const PYTHON_HARNESS = String.raw`
import sys, os, json, signal, resource
RESULTS_FD = 3
MAX_PIPE = 1 << 22

def _send(obj):
    data = (json.dumps(obj) + '\n').encode()
    while data:
        data = data[os.write(RESULTS_FD, data):]
    os._exit(0)

req = json.loads(sys.stdin.buffer.read())
_null = os.open('/dev/null', os.O_RDWR)
os.dup2(_null, 0)
os.close(_null)
for _name in req['preload']:
    try:
        __import__(_name)
    except Exception:
        pass
try:
    import ctypes
    if ctypes.CDLL(None, use_errno=True).prctl(4, 0, 0, 0, 0) != 0:  # PR_SET_DUMPABLE = 0
        raise OSError(ctypes.get_errno(), 'prctl(PR_SET_DUMPABLE) failed')
except Exception as e:
    _send({'unavailable': 'the harness could not protect itself: %s' % e})

def _model(w):
    os.close(RESULTS_FD)
    resource.setrlimit(resource.RLIMIT_NPROC, (3, 3))
    pipe = os.fdopen(w, 'w')

    def report(obj):
        pipe.write(json.dumps(obj) + '\n')
        pipe.flush()

    class Capped:
        def __init__(self):
            self.n = 0
        def write(self, s):
            self.n += len(s)
            if self.n > req['max_print']:
                raise RuntimeError('output limit: the code printed more than %d characters' % req['max_print'])
            return len(s)
        def flush(self):
            pass

    def plain(v):
        if isinstance(v, (list, tuple)) and len(v) >= 1:
            v = v[0]
        try:
            f = float(v)
        except Exception:
            return repr(v)[:200]
        return f if f - f == 0 else repr(f)

    def error(e):
        return ('%s: %s' % (type(e).__name__, e))[:500]

    class CpuLimit(BaseException):
        pass

    def on_xcpu(signum, frame):
        raise CpuLimit('CPU-time limit reached')

    signal.signal(signal.SIGXCPU, on_xcpu)
    sys.stdout = Capped()
    sys.stderr = Capped()
    namespace = {'__name__': 'solution'}
    try:
        exec(compile(req['source'], 'solution.py', 'exec'), namespace)
        fn = namespace.get(req['function'])
        if not callable(fn):
            raise NameError('the code defines no function %s' % req['function'])
    except BaseException as e:
        report({'load_error': error(e)})
        os._exit(0)
    for i, call in enumerate(req['calls']):
        try:
            value = fn(**call)
            if isinstance(value, dict):
                out = {str(k)[:100]: plain(v) for k, v in value.items()}
            else:
                out = {'ans_1': plain(value)}
            report({'i': i, 'ok': True, 'value': out})
        except CpuLimit as e:
            for j in range(i, len(req['calls'])):
                report({'i': j, 'ok': False, 'error': 'sandbox-cpu-limit: %s' % e})
            break
        except BaseException as e:
            report({'i': i, 'ok': False, 'error': error(e)})
    os._exit(0)

r, w = os.pipe()
pid = os.fork()
if pid == 0:
    os.close(r)
    _model(w)
os.close(w)
data = b''
while len(data) <= MAX_PIPE:
    chunk = os.read(r, 65536)
    if not chunk:
        break
    data += chunk
else:
    os.kill(pid, signal.SIGKILL)
_, status = os.waitpid(pid, 0)

def _valid_value(v):
    return isinstance(v, dict) and len(v) <= 100 and all(
        isinstance(k, str) and (isinstance(x, str) or (type(x) is float and x - x == 0)) for k, x in v.items())

results = []
malformed = False
for n, line in enumerate(data.split(b'\n')):
    if not line:
        continue
    try:
        msg = json.loads(line)
    except Exception:
        malformed = True
        break
    if n == 0 and isinstance(msg, dict) and set(msg) == {'load_error'} and isinstance(msg['load_error'], str):
        _send({'load_error': msg['load_error'][:500]})
    if not (isinstance(msg, dict) and type(msg.get('i')) is int and msg['i'] == len(results) and len(results) < len(req['calls'])):
        malformed = True
        break
    if msg.get('ok') is True and set(msg) == {'i', 'ok', 'value'} and _valid_value(msg['value']):
        results.append({'ok': True, 'value': {k: (v[:200] if isinstance(v, str) else v) for k, v in msg['value'].items()}})
    elif msg.get('ok') is False and set(msg) == {'i', 'ok', 'error'} and isinstance(msg['error'], str):
        results.append({'ok': False, 'error': msg['error'][:500]})
    else:
        malformed = True
        break
if len(results) < len(req['calls']):
    if malformed:
        why = 'sandbox-crashed: the model process sent a malformed report'
    elif os.WIFSIGNALED(status) and os.WTERMSIG(status) in (signal.SIGXCPU, signal.SIGKILL):
        why = 'sandbox-cpu-limit: the model process was killed by %s' % signal.Signals(os.WTERMSIG(status)).name
    elif os.WIFSIGNALED(status):
        why = 'sandbox-crashed: the model process was killed by %s' % signal.Signals(os.WTERMSIG(status)).name
    else:
        why = 'sandbox-crashed: the model process exited (status %d) before returning' % os.WEXITSTATUS(status)
    results.extend({'ok': False, 'error': why} for _ in req['calls'][len(results):])
_send({'results': results})
`;
