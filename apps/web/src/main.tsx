import { nextTask } from './lib/next-task.ts';
import './index.css';

// Every module evaluated at once was each page's first long task (about 40 ms on a fast computer, four to six
// times that on a phone). React, the router and the data library, the app's modules, then the app's start
// (app/start.tsx), each in a task of its own, so a phone can paint and take a tap between them; the HTML
// preloads them all (vite.config.ts).
await import('react-dom/client');
await nextTask();
await import('./app/libraries.ts');
await nextTask();
const { startApp } = await import('./app/start.tsx');
await nextTask();
await startApp();
