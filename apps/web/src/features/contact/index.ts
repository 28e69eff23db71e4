/** Contact us (spec §2/§3): the reusable block and its modal. */
export { ContactBlock } from './components/contact-block.tsx';
