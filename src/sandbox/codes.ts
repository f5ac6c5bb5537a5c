/** Every outcome code of the sandbox, with its explanation. */
export const SANDBOX_CODES: Readonly<Record<string, string>> = {
  'sandbox-timeout': 'The code ran past its wall-clock limit; its whole process group was killed.',
  'sandbox-cpu-limit': 'The code used up its CPU-time limit (RLIMIT_CPU) and the kernel stopped it.',
  'sandbox-output-limit': 'The code wrote more than the output cap to its standard output; it was killed.',
  'sandbox-crashed':
    'The Python process ended without a result line (killed by a signal, or out of memory before it could report).',
  'sandbox-load-error':
    "The model's code did not load (syntax error, failing import) or does not define the function asked for.",
  'sandbox-unavailable': 'python3 could not be started.',
};
