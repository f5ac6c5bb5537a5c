// Moved to src/pipeline/ (build-dag locks its build directory too); kept so existing imports work.
export * from '../pipeline/run-lock.js';
