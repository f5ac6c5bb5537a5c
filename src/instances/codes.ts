/** Every diagnostic code the instances stage emits (see also the `parameter-*` codes of `dag/`). */
export const INSTANCE_CODES: Readonly<Record<string, string>> = {
  'instance-rejected':
    'A sampled instance was rejected and drawn again: its forward solve failed or it broke a constraint (counted per reason in the instances report).',
  'instance-exhausted':
    'No acceptable instance was found within the attempt budget (default 50 draws per instance): the parameter ranges or constraints leave too little room.',
  'instance-unplanned':
    'The problem cannot be instantiated: a parameter is not an input of its DAG, or the problem as written does not solve (see the `parameter-*` findings).',
};
