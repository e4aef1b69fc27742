/* fatekit page bundle of sources 76fa74f4e127c82f951570f411a9d829269c6d7f176017c9e93c3c3839858be7 */
import{E as a,F as b,G as c,H as d,I as e,J as f,K as g,L as h,M as i,N as j}from"./chunk-J4BMIF6J.js";export{a as app,f as errorText,c as notify,g as pressed,d as redraw,e as ruleReason,j as send,i as showError,h as showErrorBeside,b as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
