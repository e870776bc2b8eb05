import { createFileRoute } from '@tanstack/react-router';
import { UserCreatePage } from '@/features/users/user-create-page';

export const Route = createFileRoute('/_auth/users/new')({
  component: UserCreatePage,
});
