import { SignUpPage } from './sign-up.tsx';

/** /register/landlord */
export function Component() {
  return <SignUpPage userType="landlord" />;
}
