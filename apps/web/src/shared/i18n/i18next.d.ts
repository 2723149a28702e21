import 'i18next';
import type admin from '../../../public/locales/en/admin.json';
import type adminMoney from '../../../public/locales/en/admin-money.json';
import type auth from '../../../public/locales/en/auth.json';
import type availability from '../../../public/locales/en/availability.json';
import type booking from '../../../public/locales/en/booking.json';
import type chat from '../../../public/locales/en/chat.json';
import type common from '../../../public/locales/en/common.json';
import type earnings from '../../../public/locales/en/earnings.json';
import type home from '../../../public/locales/en/home.json';
import type lessonRoom from '../../../public/locales/en/lesson-room.json';
import type notifications from '../../../public/locales/en/notifications.json';
import type pages from '../../../public/locales/en/pages.json';
import type payment from '../../../public/locales/en/payment.json';
import type profile from '../../../public/locales/en/profile.json';
import type receipts from '../../../public/locales/en/receipts.json';
import type reschedule from '../../../public/locales/en/reschedule.json';
import type reservations from '../../../public/locales/en/reservations.json';
import type schedule from '../../../public/locales/en/schedule.json';
import type search from '../../../public/locales/en/search.json';
import type standing from '../../../public/locales/en/standing.json';
import type subscriptions from '../../../public/locales/en/subscriptions.json';
import type teach from '../../../public/locales/en/teach.json';
import type teacher from '../../../public/locales/en/teacher.json';
import type wallet from '../../../public/locales/en/wallet.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      admin: typeof admin;
      'admin-money': typeof adminMoney;
      auth: typeof auth;
      availability: typeof availability;
      booking: typeof booking;
      chat: typeof chat;
      common: typeof common;
      earnings: typeof earnings;
      home: typeof home;
      'lesson-room': typeof lessonRoom;
      notifications: typeof notifications;
      pages: typeof pages;
      payment: typeof payment;
      profile: typeof profile;
      receipts: typeof receipts;
      reschedule: typeof reschedule;
      reservations: typeof reservations;
      schedule: typeof schedule;
      search: typeof search;
      standing: typeof standing;
      subscriptions: typeof subscriptions;
      teach: typeof teach;
      teacher: typeof teacher;
      wallet: typeof wallet;
    };
  }
}
