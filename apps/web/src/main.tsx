import { nextTask } from './lib/next-task.ts';
import './index.css';

// Every module evaluated at once was each page's first long task (about 40 ms on a fast computer, four to six
// times that on a phone). React first, then the app in a task of its own; the HTML preloads both (vite.config.ts).
await import('react-dom/client');
await nextTask();
await import('./app/start.tsx');
