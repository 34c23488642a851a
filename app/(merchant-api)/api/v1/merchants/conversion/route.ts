import { merchantEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/books/conversion/contract';
import { convertWithQuote } from '@/lib/books/conversion/convert';
import { listConversions } from '@/lib/books/conversion/read';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.listConversions, async ({ ctx, query }) => ({
    ...(await listConversions(ctx.db, ctx.tenant, query)),
    message: 'Conversions retrieved',
  })),
  POST: merchantEndpoint(contract.convertCurrency, async ({ ctx, body }) => {
    const { conversion, replayed } = await convertWithQuote(ctx, body);
    return {
      data: conversion,
      message: replayed ? 'Conversion already carried out with this idempotency_key' : 'Conversion completed',
      headers: replayed ? { 'idempotent-replayed': 'true' } : undefined,
    };
  }),
});
