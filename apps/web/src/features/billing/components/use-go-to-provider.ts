import { useNavigate } from 'react-router';

/**
 * Follows a checkout or portal `url` from the server: the local test-mode provider answers with a page of
 * this app (client-side navigation), Stripe with its own https page (a full page load).
 */
export function useGoToProvider() {
  const navigate = useNavigate();
  return (url: string) => {
    if (url.startsWith('/') && !url.startsWith('//')) void navigate(url);
    else if (url.startsWith('https://')) window.location.assign(url);
    else throw new Error(`Unexpected payment provider address: ${url}`);
  };
}
