/**
 * The Python side of the sandbox (written into the throwaway directory as `harness.py`, run with
 * `python3 -I -B`). It preloads the allowed libraries, then installs an audit hook (PEP 578) that
 * refuses, for the rest of the process: every socket operation; process creation (fork, exec,
 * spawn, system, subprocess); signals to other processes; ctypes (which could undo the hook; only
 * `dlopen(None)`, which numpy does at import, passes, and calls through it are refused); and
 * opening, creating, renaming or removing files outside the working directory. It then runs the
 * model's code (`solution.py`) once, and its function once per call of `calls.json`, each call's
 * exception recorded; prints are counted and capped. The one result line is written to fd 1.
 */
export const PYTHON_HARNESS = String.raw`
import sys, os, json, math
for _name in json.loads(os.environ.get('PRISM_PRELOAD', '[]')):
    try:
        __import__(_name)
    except Exception:
        pass
ROOT = os.path.realpath(os.getcwd())
MAX_PRINT = int(os.environ.get('PRISM_MAX_PRINT', '65536'))
_out = os.fdopen(os.dup(1), 'w')

def _inside(path):
    try:
        p = os.path.realpath(os.fsdecode(path))
    except Exception:
        return False
    return p == ROOT or p.startswith(ROOT + os.sep)

_PROCESS = ('os.fork', 'os.forkpty', 'os.system', 'os.exec', 'os.posix_spawn', 'os.spawn',
            'subprocess.Popen', 'os.kill', 'os.killpg', 'pty.spawn', 'os.startfile')
_PATHS = ('os.remove', 'os.rename', 'os.rmdir', 'os.mkdir', 'os.chmod', 'os.chown', 'os.link',
          'os.symlink', 'os.truncate', 'os.utime', 'shutil.rmtree', 'shutil.move', 'shutil.copyfile')
_WRITE = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC

def _hook(event, args):
    if event == 'open':
        path, mode, flags = args
        if isinstance(path, int) or path is None:
            return
        writing = (isinstance(mode, str) and any(c in mode for c in 'wax+')) or (isinstance(flags, int) and flags & _WRITE)
        if writing and not _inside(path):
            raise PermissionError('sandbox: writing outside the working directory is not allowed: %s' % (path,))
    elif event.startswith('socket.'):
        raise PermissionError('sandbox: network access is not allowed (%s)' % event)
    elif event == 'ctypes.dlopen' and args and args[0] is None:
        return  # numpy opens the running process itself at import; calling into it stays refused
    elif event.startswith(_PROCESS) or event.startswith('ctypes.'):
        raise PermissionError('sandbox: %s is not allowed' % event)
    elif event.startswith(_PATHS):
        for a in args:
            if isinstance(a, (str, bytes, os.PathLike)) and not _inside(a):
                raise PermissionError('sandbox: %s outside the working directory is not allowed' % event)

class _Capped:
    def __init__(self):
        self.n = 0
    def write(self, s):
        self.n += len(s)
        if self.n > MAX_PRINT:
            raise RuntimeError('output limit: the code printed more than %d characters' % MAX_PRINT)
        return len(s)
    def flush(self):
        pass

def _plain(v):
    if isinstance(v, (list, tuple)) and len(v) >= 1:
        v = v[0]
    try:
        return float(v)
    except Exception:
        return repr(v)[:200]

def _error(e):
    return ('%s: %s' % (type(e).__name__, e))[:500]

class _CpuLimit(BaseException):
    pass

def _on_xcpu(signum, frame):
    raise _CpuLimit('CPU-time limit reached')

import signal
signal.signal(signal.SIGXCPU, _on_xcpu)
sys.addaudithook(_hook)
sys.stdout = _Capped()
sys.stderr = _Capped()
results = []
with open('calls.json') as f:
    spec = json.load(f)
namespace = {'__name__': 'solution'}
try:
    with open('solution.py') as f:
        exec(compile(f.read(), 'solution.py', 'exec'), namespace)
    fn = namespace.get(spec['function'])
    if not callable(fn):
        raise NameError('the code defines no function %s' % spec['function'])
except BaseException as e:
    _out.write(json.dumps({'load_error': _error(e)}) + '\n')
    _out.flush()
    os._exit(0)
for i, call in enumerate(spec['calls']):
    try:
        value = fn(**call)
        if isinstance(value, dict):
            results.append({'ok': True, 'value': {str(k): _plain(v) for k, v in value.items()}})
        else:
            results.append({'ok': True, 'value': {'ans_1': _plain(value)}})
    except _CpuLimit as e:
        results.extend({'ok': False, 'error': 'sandbox-cpu-limit: %s' % e} for _ in spec['calls'][i:])
        break
    except BaseException as e:
        results.append({'ok': False, 'error': _error(e)})
_out.write(json.dumps({'results': results}) + '\n')
_out.flush()
os._exit(0)
`;
