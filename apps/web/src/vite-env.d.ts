/// <reference types="vite/client" />

/** The Mantine styles of the first view (vite.config.ts: mantineCriticalStyles). */
declare module 'virtual:mantine-critical-styles' {}
