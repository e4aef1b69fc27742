/* fatekit page bundle of sources 89d0adc9e23e0da5da786c818a485e225989f8cb3fc9c2667afa85aaa8315b8e */
import{F as a,G as b,H as c,I as d,J as e,K as f,L as g,M as h,N as i,O as j,P as k,Q as l}from"./chunk-KPHG7V5V.js";export{a as app,h as errorText,e as notify,c as openSeat,i as pressed,f as redraw,g as ruleReason,b as seatView,l as send,k as showError,j as showErrorBeside,d as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
