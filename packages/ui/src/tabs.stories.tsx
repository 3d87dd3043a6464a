import type { Meta, StoryObj } from '@storybook/react-vite';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs.js';

const meta = { title: 'Components/Tabs', component: Tabs } satisfies Meta<typeof Tabs>;
export default meta;
type Story = StoryObj<typeof meta>;

const render = (defaultValue: string) => () => (
  <Tabs defaultValue={defaultValue} style={{ maxWidth: '24rem' }}>
    <TabsList aria-label="Sign in or register">
      <TabsTrigger value="login">Login</TabsTrigger>
      <TabsTrigger value="register">Register</TabsTrigger>
    </TabsList>
    <TabsContent value="login">The sign-in form.</TabsContent>
    <TabsContent value="register">The registration form.</TabsContent>
  </Tabs>
);

export const FirstTab: Story = { render: render('login') };
export const SecondTab: Story = { render: render('register') };
