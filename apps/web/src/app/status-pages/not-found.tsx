// The fallback for unknown paths (spec section 2).
export function NotFound() {
  return (
    <main className="omega-page omega-page--centered">
      <h1>404 Page Not Found</h1>
      <p>Did you forget to add the page to the router?</p>
    </main>
  );
}
