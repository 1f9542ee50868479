import { expectTypeOf, test } from 'vitest';
import type {
  EndpointName,
  Envelope,
  ErrorCodeName,
  GroupBuy,
  Page,
  RequestOf,
  ResponseOf,
  UserInfo,
  endpoints,
  schemas,
} from './index.ts';

test('endpoints and schemas have the same keys', () => {
  expectTypeOf<keyof typeof endpoints>().toEqualTypeOf<keyof typeof schemas>();
  expectTypeOf<EndpointName>().toEqualTypeOf<keyof typeof schemas>();
});

test('RequestOf and ResponseOf give the payload and the data of a call', () => {
  expectTypeOf<ResponseOf<'systemUserInfo'>>().toEqualTypeOf<UserInfo>();
  expectTypeOf<ResponseOf<'paymentJointDetail'>>().toEqualTypeOf<GroupBuy>();
  expectTypeOf<ResponseOf<'paymentJointPurchaseCreated'>>().toExtend<Page<GroupBuy>>();
  expectTypeOf<RequestOf<'paymentPurchase'>>().toHaveProperty('productId').toEqualTypeOf<string>();
  expectTypeOf<RequestOf<'paymentPurchase'>['upgrade']>().toEqualTypeOf<boolean | undefined>();
  expectTypeOf<RequestOf<'userLogin'>['agreeTerms']>().toEqualTypeOf<true>();
  expectTypeOf<ResponseOf<'userLogout'>>().toEqualTypeOf<null>();
});

test('enumerations stay closed unions', () => {
  expectTypeOf<ResponseOf<'userGetDeviceList'>['items'][number]['type']>().toEqualTypeOf<
    0 | 1 | 2 | 3 | 4
  >();
  expectTypeOf<GroupBuy['size']>().toEqualTypeOf<2 | 3>();
  expectTypeOf<UserInfo['yearlyPaidUser']>().toEqualTypeOf<0 | 1>();
  expectTypeOf<RequestOf<'userSendCode'>['channel']>().toEqualTypeOf<'email' | 'phone'>();
  expectTypeOf<RequestOf<'systemAffiliate'>['tab']>().toEqualTypeOf<
    'commission' | 'settlement' | 'invitation' | undefined
  >();
});

test('the affiliate answer narrows on isKol and tab', () => {
  const answer = {} as ResponseOf<'systemAffiliate'>;
  if (answer.isKol && answer.tab === 'settlement') {
    expectTypeOf(answer.records.items[0]).toExtend<{ txHash: string | null } | undefined>();
  }
  // @ts-expect-error a non-KOL answer has no summary
  void (answer.isKol === false && answer.summary);
});

test('the envelope and error names', () => {
  expectTypeOf<Envelope<UserInfo>['data']>().toEqualTypeOf<UserInfo>();
  expectTypeOf<'GROUP_FULL'>().toExtend<ErrorCodeName>();
  expectTypeOf<'NOT_A_CODE'>().not.toExtend<ErrorCodeName>();
});
