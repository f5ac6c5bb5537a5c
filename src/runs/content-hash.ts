// Moved to src/pipeline/ (the call layer owns hashing, JSONL and caches); kept so existing imports work.
export * from '../pipeline/content-hash.js';
