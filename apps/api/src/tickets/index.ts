/** The tickets noun: what other folders may use of it (docs/architecture.md, noun folders). */
export { ticketConsoleHandlers, type TicketConsoleCall } from './console-routes.ts';
export {
  closeTicket,
  listTickets,
  openMemberTicket,
  replyToTicket,
  ticketDetail,
} from './member-routes.ts';
