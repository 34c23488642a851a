export default function Home() {
  return (
    <main style={{ maxWidth: 640, margin: '0 auto', padding: '2rem 1rem', lineHeight: 1.5 }}>
      <h1>Merchant Payments</h1>
      <p>
        This service is running. Merchants call the API under <code>/api/v1/merchants</code> with an{' '}
        <code>x-api-key</code>; customers pay on the hosted page a checkout&apos;s <code>checkout_url</code> opens.
      </p>
      <p>
        Health: <a href="/api/health">/api/health</a>
      </p>
    </main>
  );
}
