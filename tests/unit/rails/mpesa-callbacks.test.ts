import { describe, expect, it } from 'vitest';
import { readPayoutResult, readPayoutStatusResult, readStkCallback } from '../../../lib/rails/providers/mpesa';

/** The callback readers on Daraja's own documented samples (provider-contracts.md 2.3, 2.6, 2.7) and on odd bodies. */
const STK_SUCCESS = {
  Body: {
    stkCallback: {
      MerchantRequestID: '29115-34620561-1',
      CheckoutRequestID: 'ws_CO_191220191020363925',
      ResultCode: 0,
      ResultDesc: 'The service request is processed successfully.',
      CallbackMetadata: {
        Item: [
          { Name: 'Amount', Value: 1.0 },
          { Name: 'MpesaReceiptNumber', Value: 'NLJ7RT61SV' },
          { Name: 'TransactionDate', Value: 20191219102115 },
          { Name: 'PhoneNumber', Value: 254708374149 },
        ],
      },
    },
  },
};

const withItems = (Item: object[]) => ({
  Body: { stkCallback: { ...STK_SUCCESS.Body.stkCallback, CallbackMetadata: { Item } } },
});

describe('readStkCallback', () => {
  it("reads Daraja's documented success sample", () => {
    expect(readStkCallback(STK_SUCCESS)).toEqual({
      merchantRequestId: '29115-34620561-1',
      checkoutRequestId: 'ws_CO_191220191020363925',
      resultCode: '0',
      resultDesc: 'The service request is processed successfully.',
      hint: { status: 'succeeded', providerTransactionId: 'ws_CO_191220191020363925', amount: 100n, currency: 'KES' },
      receiptNumber: 'NLJ7RT61SV',
      amount: 100n,
      phone: '254708374149',
      transactionDate: '20191219102115',
    });
  });

  it("reads Daraja's documented failure sample", () => {
    const body = {
      Body: {
        stkCallback: {
          MerchantRequestID: 'f1e2-4b95-a71d-b30d3cdbb7a7942864',
          CheckoutRequestID: 'ws_CO_21072024125243250722943992',
          ResultCode: 1032,
          ResultDesc: 'Request cancelled by user',
        },
      },
    };
    expect(readStkCallback(body)).toMatchObject({
      checkoutRequestId: 'ws_CO_21072024125243250722943992',
      hint: { status: 'failed', failure: 'declined', message: 'Request cancelled by user' },
      receiptNumber: null,
      amount: null,
    });
  });

  it('reads items by name, in any order, with a valueless Balance, and amounts given as text', () => {
    const callback = readStkCallback(
      withItems([
        { Name: 'PhoneNumber', Value: 254712345678 },
        { Name: 'Balance' },
        { Name: 'Amount', Value: '10500.50' },
        { Name: 'MpesaReceiptNumber', Value: 'SG722NMVXQ' },
      ]),
    );
    expect(callback).toMatchObject({ amount: 1_050_050n, receiptNumber: 'SG722NMVXQ', transactionDate: null });
    expect(callback?.hint).toMatchObject({ status: 'succeeded', amount: 1_050_050n });
  });

  it('keeps a receipt only when it reads as one (it is shown to people): capitals and digits, 8 to 20', () => {
    for (const Value of ['nlj7rt61sv', 'NLJ7 RT61SV', 'NLJ\u202eRT61SV', 'SHORT', 'A'.repeat(21), 1234567890, '']) {
      const items = [
        { Name: 'Amount', Value: 1 },
        { Name: 'MpesaReceiptNumber', Value },
      ];
      expect(readStkCallback(withItems(items))?.receiptNumber, JSON.stringify(Value)).toBeNull();
    }
  });

  it('is unknown for a success whose amount cannot be read exactly', () => {
    for (const Value of [1.005, -1, '1e3', 'ten', null]) {
      expect(readStkCallback(withItems([{ Name: 'Amount', Value }]))?.hint, String(Value)).toMatchObject({
        status: 'unknown',
      });
    }
    expect(readStkCallback(withItems([]))?.hint.status).toBe('unknown');
  });

  it('is pending for 4999, unknown for an unlisted code, and a ResultCode may be text', () => {
    const coded = (ResultCode: unknown) => ({
      Body: { stkCallback: { CheckoutRequestID: 'ws_CO_1', ResultCode, ResultDesc: 'x' } },
    });
    expect(readStkCallback(coded('4999'))?.hint).toEqual({ status: 'pending' });
    expect(readStkCallback(coded(1234))?.hint).toMatchObject({ status: 'unknown' });
    expect(readStkCallback(coded('1037'))?.hint).toMatchObject({ status: 'failed', failure: 'timeout' });
    expect(readStkCallback(coded('SFC_IC0003'))?.hint).toMatchObject({ failure: 'provider_error' });
  });

  it('is null for anything that is not an STK callback', () => {
    for (const body of [
      null,
      'text',
      [],
      {},
      { Body: {} },
      { Body: { stkCallback: { ResultCode: 0 } } },
      { Body: { stkCallback: { CheckoutRequestID: 'ws_CO_1' } } },
      { Body: { stkCallback: { CheckoutRequestID: 'ws_CO_1', ResultCode: 1.5 } } },
    ]) {
      expect(readStkCallback(body), JSON.stringify(body)).toBeNull();
    }
  });
});

describe('readPayoutResult and readPayoutStatusResult', () => {
  it("reads Daraja's documented B2C success sample", () => {
    const body = {
      Result: {
        ResultType: 0,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        OriginatorConversationID: '53e3-4aa8-9fe0-8fb5e4092cdd3533373',
        ConversationID: 'AG_20240706_2010364430d9bbdaf872',
        TransactionID: 'SG632NMUAB',
        ResultParameters: {
          ResultParameter: [
            { Key: 'TransactionAmount', Value: 10 },
            { Key: 'TransactionReceipt', Value: 'SG632NMUAB' },
            { Key: 'ReceiverPartyPublicName', Value: '254705912645 - NICHOLAS JOHN SONGOK' },
            { Key: 'TransactionCompletedDateTime', Value: '06.07.2024 22:48:52' },
            { Key: 'B2CUtilityAccountAvailableFunds', Value: 8959269.6 },
          ],
        },
      },
    };
    // The OriginatorConversationID is the API proxy's, not the one the request sent [DJ-B2C].
    expect(readPayoutResult(body)).toEqual({
      questionId: 'AG_20240706_2010364430d9bbdaf872',
      originatorConversationId: '53e3-4aa8-9fe0-8fb5e4092cdd3533373',
      conversationId: 'AG_20240706_2010364430d9bbdaf872',
      resultCode: '0',
      resultDesc: 'The service request is processed successfully.',
      status: { status: 'completed', providerTransactionId: 'SG632NMUAB' },
      amount: 1000n,
      receipt: 'SG632NMUAB',
      receiver: '254705912645 - NICHOLAS JOHN SONGOK',
    });
  });

  it("reads Daraja's documented Transaction Status sample: the payout's ids are in the parameters, the query's in the Result", () => {
    const body = {
      Result: {
        ConversationID: 'AG_20180223_0000493344ae97d86f75',
        OriginatorConversationID: '3213-416199-2',
        ReferenceData: { ReferenceItem: { Key: 'Occasion' } },
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        ResultParameters: {
          ResultParameter: [
            { Key: 'DebitPartyName', Value: '600310 - Safaricom333' },
            { Key: 'OriginatorConversationID', Value: '3211-416020-3' },
            { Key: 'TransactionReason' },
            { Key: 'TransactionStatus', Value: 'Completed' },
            { Key: 'Amount', Value: '300' },
            { Key: 'ConversationID', Value: 'AG_20180223_000041b09c22e613d6c9' },
            { Key: 'ReceiptNo', Value: 'MBN31H462N' },
          ],
        },
        ResultType: 0,
        TransactionID: 'MBN0000000',
      },
    };
    // Its OriginatorConversationID parameter is M-Pesa's ("3211-416020-3"), never the id we sent.
    expect(readPayoutStatusResult(body)).toEqual({
      questionId: 'AG_20180223_0000493344ae97d86f75',
      originatorConversationId: '3213-416199-2',
      conversationId: 'AG_20180223_000041b09c22e613d6c9',
      resultCode: '0',
      resultDesc: 'The service request is processed successfully.',
      status: { status: 'completed', providerTransactionId: 'MBN31H462N' },
      amount: 30_000n,
      receipt: 'MBN31H462N',
      receiver: null,
    });
  });

  it('reads each TransactionStatus the FAQ lists', () => {
    const status = (value: string) =>
      readPayoutStatusResult({
        Result: {
          ResultCode: 0,
          ResultParameters: { ResultParameter: [{ Key: 'TransactionStatus', Value: value }] },
        },
      })?.status;
    expect(status('Cancelled')).toMatchObject({ status: 'failed', code: 'transaction_cancelled' });
    expect(status('Declined')).toMatchObject({ status: 'failed', code: 'transaction_declined' });
    expect(status('Expired')).toMatchObject({ status: 'failed', code: 'transaction_expired' });
    expect(status('Initiated')).toEqual({ status: 'pending' });
    expect(status('Pending Authorized')).toEqual({ status: 'pending' });
    expect(status('Completed')).toMatchObject({ status: 'unknown' }); // no ReceiptNo
    expect(status('Reversed')).toMatchObject({ status: 'unknown' });
  });
});
