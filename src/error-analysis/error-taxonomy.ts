/**
 * PRISM-Physics's seven error classes (spec C4; [000] App. G.2), with their exact labels, in the
 * order the paper lists them. The definitions are what the classifier prompt shows.
 */
export const ERROR_TAXONOMY = [
  { label: 'DAE', name: 'Diagram Analysis Error', definition: 'misreading diagrams, figures or schematics' },
  {
    label: 'PTAE',
    name: 'Physics Theorem Application Error',
    definition: 'misuse of physical laws, theorems or principles',
  },
  {
    label: 'MPUE',
    name: 'Modeling and Process Understanding Error',
    definition: 'wrong or incomplete physical model or process',
  },
  {
    label: 'CAE',
    name: 'Condition or Assumption Error',
    definition: 'invalid, unjustified or misapplied conditions, including boundary and initial conditions',
  },
  {
    label: 'VRE',
    name: 'Variable Relationship Error',
    definition: 'wrong relations between quantities (constraints, kinematic relations)',
  },
  {
    label: 'DCE',
    name: 'Derivation and Computation Error',
    definition: 'algebra, symbolic, arithmetic, sign or substitution errors',
  },
  { label: 'UDE', name: 'Unit Dimension Error', definition: 'unit inconsistency or dimensional mismatch' },
] as const;

/** One of the seven labels. */
export type ErrorLabel = (typeof ERROR_TAXONOMY)[number]['label'];

/** The seven labels in the paper's order (tables and plot data use this order). */
export const ERROR_LABELS: readonly ErrorLabel[] = ERROR_TAXONOMY.map((c) => c.label);

/** True when `value` is one of the seven labels (exact, case-sensitive). */
export function isErrorLabel(value: unknown): value is ErrorLabel {
  return typeof value === 'string' && (ERROR_LABELS as readonly string[]).includes(value);
}
