// The router and the data library, evaluated in a task of their own before the app's modules (main.tsx).
export { createBrowserRouter } from 'react-router';
export { QueryClient } from '@tanstack/react-query';
