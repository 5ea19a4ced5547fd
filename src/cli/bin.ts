import { main } from './cli';

void main();
