import { defineConfig } from 'vite';
import { entryConfig } from '../vite.shared.ts';

export default defineConfig(entryConfig('/app/'));
