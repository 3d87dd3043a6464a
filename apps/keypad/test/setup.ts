// The keypad waits on timers and a fake server; give assertions room on a busy machine.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 15_000 });
