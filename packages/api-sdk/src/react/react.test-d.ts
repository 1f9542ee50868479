import { expectTypeOf, test } from 'vitest';
import type { ClientError } from '../client/errors.ts';
import type { GroupBuy, RequestOf, UserInfo } from '../contract/index.ts';
import {
  usePaymentJointDetail,
  usePaymentShop,
  useSystemUserInfo,
  useUserLogin,
  type LoginState,
  useLoginState,
} from './index.ts';

test('query hooks: payload optional only when the endpoint takes none; data and error typed', () => {
  expectTypeOf(useSystemUserInfo).toBeCallableWith();
  expectTypeOf(usePaymentShop).toBeCallableWith({ groupType: 2 });
  expectTypeOf(usePaymentJointDetail).parameter(0).toEqualTypeOf<{ groupId: string }>();
  // @ts-expect-error the group detail needs its group id
  expectTypeOf(usePaymentJointDetail).toBeCallableWith();
  expectTypeOf(useSystemUserInfo().data).toEqualTypeOf<UserInfo | undefined>();
  expectTypeOf(usePaymentJointDetail({ groupId: 'G' }).data).toEqualTypeOf<GroupBuy | undefined>();
  expectTypeOf(useSystemUserInfo().error).toEqualTypeOf<ClientError | null>();
});

test('mutation hooks take the request as variables', () => {
  expectTypeOf(useUserLogin().mutate).parameter(0).toEqualTypeOf<RequestOf<'userLogin'>>();
  expectTypeOf(useLoginState()).toEqualTypeOf<LoginState>();
  expectTypeOf<LoginState>().toEqualTypeOf<'unknown' | 'loggedIn' | 'loggedOut'>();
});
