/**
 * Zod 4 probes `new Function` when it builds its first object schema, to compile fast parsers. Our
 * content-security policy forbids eval, so the probe only raised a CSP violation report (Lighthouse
 * "best practices" counts it): parse without the compiler. Imported by main.tsx before any schema.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
