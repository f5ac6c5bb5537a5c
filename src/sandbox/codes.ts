/** Every outcome code of the sandbox, with its explanation. */
export const SANDBOX_CODES: Readonly<Record<string, string>> = {
  'sandbox-timeout': 'The code ran past its wall-clock limit; the whole sandbox was killed.',
  'sandbox-cpu-limit': 'The code used up its CPU-time limit (RLIMIT_CPU) and the kernel stopped it.',
  'sandbox-output-limit': 'The code wrote more than the output cap to its standard output; it was killed.',
  'sandbox-crashed':
    "The model's process ended (or was killed) before returning every call's value, or sent the harness a malformed report; a results line it printed itself is never read.",
  'sandbox-load-error':
    "The model's code did not load (syntax error, failing import) or does not define the function asked for.",
  'sandbox-unavailable':
    'The sandbox cannot run on this machine (bubblewrap, python3, prlimit or, as root, setpriv missing, or no user namespaces); nothing was run.',
};
