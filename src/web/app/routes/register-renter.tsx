import { SignUpPage } from './sign-up.tsx';

/** /register/renter */
export function Component() {
  return <SignUpPage userType="renter" />;
}
