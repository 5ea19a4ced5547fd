import { afterAll } from 'vitest';
import { removeTemporaryFolders } from './helpers';

// Every test file leaves the temporary folder as it found it.
afterAll(removeTemporaryFolders);
